# Copyright 2025 Example Shop Ltd.
# SPDX-License-Identifier: MIT
"""Carts and their checkout."""

from __future__ import annotations

import os.path
import logging as log
from decimal import Decimal
from .models import LineItem, Receipt
from . import payment

MAX_ITEMS = 50
log.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))


class Cart:
    """A customer's cart: line items and the checkout that turns them into an order."""

    currency = "EUR"

    def __init__(self, svc):
        self.svc = svc
        self.items = []

    def add(self, sku, quantity, price):
        """Adds one item; refuses more than MAX_ITEMS."""
        if len(self.items) >= MAX_ITEMS:
            raise ValueError("cart is full")
        self.items.append(LineItem(sku, quantity, price))

    # Unknown SKUs are ignored: the cart may have been emptied meanwhile.
    def remove(self, sku):
        self.items = [item for item in self.items if item.sku != sku]
        log.debug("removed %s", sku)

    @property
    def total(self):
        return sum((item.line_total() for item in self.items), Decimal(0))

    def checkout(self, customer):
        try:
            return self.svc.charge(customer, self.total)
        except payment.Declined:
            return self.svc.retry_checkout(customer)

    class Empty(Exception):
        pass


def receipt_path(receipt: Receipt) -> str:
    """Where a receipt is archived."""

    def slug(text):
        return text.lower().replace(" ", "-")

    return os.path.join("receipts", slug(receipt.customer) + ".txt")


if __name__ == "__main__":
    cart = Cart(payment.Service())
    print(cart.checkout("alice"))
