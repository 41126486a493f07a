import React, { useState } from 'react';
import { Cart } from './cart';
import styles from './CartView.module.css';

type Props = {
  cart: Cart;
  onCheckout: (customer: string) => void;
};

/** The cart page: rows, the total and a checkout button. */
export function CartView({ cart, onCheckout }: Props) {
  const [customer, setCustomer] = useState('');

  const submit = () => {
    if (customer.trim() !== '') {
      onCheckout(customer);
    }
  };

  return (
    <div className={styles.cart}>
      <ul>
        {cart.items.map((item) => (
          <Row key={item.sku} sku={item.sku} total={item.lineTotal().toString()} />
        ))}
      </ul>
      <input value={customer} onChange={(e) => setCustomer(e.target.value)} />
      <button onClick={submit}>Pay {cart.total().toString()}</button>
    </div>
  );
}

const Row = ({ sku, total }: { sku: string; total: string }) => (
  <li>
    {sku}: {total}
  </li>
);

export default CartView;
