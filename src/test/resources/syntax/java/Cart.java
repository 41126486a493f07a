/*
 * Copyright 2025 Example Shop Ltd.
 * Licensed under the Apache License, Version 2.0.
 */
package shop.cart;

import java.math.BigDecimal;
import java.util.*;
import static java.util.Objects.requireNonNull;

import shop.payment.CheckoutService;

/**
 * A customer's cart: line items and the checkout that turns them into an order.
 */
public class Cart {

    private static final int MAX_ITEMS = 50;

    private final List<LineItem> items = new ArrayList<>();
    private final CheckoutService svc;

    public Cart(CheckoutService svc) {
        this.svc = requireNonNull(svc);
    }

    /** Adds one item; refuses more than {@link #MAX_ITEMS}. */
    public void add(String sku, int quantity, BigDecimal price) {
        if (items.size() >= MAX_ITEMS) {
            throw new IllegalStateException("cart is full");
        }
        items.add(new LineItem(sku, quantity, price));
    }

    /** The sum of all line totals. */
    public BigDecimal total() {
        BigDecimal sum = BigDecimal.ZERO;
        for (LineItem item : items) {
            sum = sum.add(item.lineTotal());
        }
        return sum;
    }

    @Deprecated
    public Receipt checkout(String customer) {
        try {
            return svc.charge(customer, total());
        } catch (IllegalStateException e) {
            return this.svc.retryCheckout(customer);
        }
    }

    /** One row of the cart. */
    public record LineItem(String sku, int quantity, BigDecimal price) {

        BigDecimal lineTotal() {
            return price.multiply(BigDecimal.valueOf(quantity));
        }
    }

    enum State { OPEN, PAID }
}
