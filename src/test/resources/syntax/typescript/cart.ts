import { Decimal } from 'decimal.js';
import type { Receipt } from './receipt';
import * as payment from '../payment/index';
export * from './line-item';

export const MAX_ITEMS = 50;

export interface LineItem {
  sku: string;
  quantity: number;
  price: Decimal;
  lineTotal(): Decimal;
}

export type CartId = string;

/**
 * A customer's cart: line items and the checkout that turns them into an order.
 */
export class Cart {
  private readonly items: LineItem[] = [];

  constructor(private readonly svc: payment.CheckoutService) {}

  /** Adds one item; refuses more than MAX_ITEMS. */
  add(item: LineItem): void {
    if (this.items.length >= MAX_ITEMS) {
      throw new Error('cart is full');
    }
    this.items.push(item);
  }

  remove(sku: string): boolean {
    const index = this.items.findIndex((item) => item.sku === sku);
    return index >= 0 && this.items.splice(index, 1).length === 1;
  }

  total(): Decimal {
    return this.items.reduce((sum, item) => sum.plus(item.lineTotal()), new Decimal(0));
  }

  @logged
  async checkout(customer: string): Promise<Receipt> {
    try {
      return await this.svc.charge(customer, this.total());
    } catch (err) {
      return this.svc.retryCheckout(customer);
    }
  }
}

export enum State {
  Open,
  Paid,
}

export function logged(target: object, key: string, descriptor: PropertyDescriptor): PropertyDescriptor {
  const original = descriptor.value;
  descriptor.value = function (...args: unknown[]) {
    console.log(`calling ${key}`);
    return original.apply(this, args);
  };
  return descriptor;
}

export namespace Carts {
  export function empty(svc: payment.CheckoutService): Cart {
    return new Cart(svc);
  }
}
