'use strict';

const { Decimal } = require('decimal.js');
const payment = require('./payment');
import { formatPrice } from './format.js';
export { LineItem } from './line-item';

const MAX_ITEMS = 50;

/**
 * A customer's cart: line items and the checkout that turns them into an order.
 */
export class Cart {
  constructor(svc) {
    this.svc = svc;
    this.items = [];
  }

  /** Adds one item; refuses more than MAX_ITEMS. */
  add(sku, quantity, price) {
    if (this.items.length >= MAX_ITEMS) {
      throw new Error('cart is full');
    }
    this.items.push({ sku, quantity, price });
  }

  total() {
    return this.items.reduce((sum, item) => sum.plus(lineTotal(item)), new Decimal(0));
  }

  async checkout(customer) {
    try {
      return await this.svc.charge(customer, this.total());
    } catch (err) {
      return this.svc.retryCheckout(customer);
    }
  }

  onChange = (listener) => {
    this.listener = listener;
  };
}

/** The price of one row. */
function lineTotal(item) {
  return new Decimal(item.price).times(item.quantity);
}

export const renderCart = (cart) => {
  const rows = cart.items.map((item) => <li key={item.sku}>{formatPrice(lineTotal(item))}</li>);
  return <ul>{rows}</ul>;
};

async function loadPlugins() {
  const { register } = await import('./plugins/index.js');
  register(payment);
}

module.exports = { Cart, lineTotal };
