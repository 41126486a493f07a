using System;
using System.Collections.Generic;
using System.Linq;
using static System.Math;
using Payments = Shop.Payment;

namespace Shop.Carts
{
    /// <summary>
    /// A customer's cart: line items and the checkout that turns them into an order.
    /// </summary>
    public class Cart
    {
        public const int MaxItems = 50;

        private readonly List<LineItem> items = new();
        private readonly Payments.ICheckoutService svc;

        public Cart(Payments.ICheckoutService svc)
        {
            this.svc = svc;
        }

        /// <summary>Adds one item; refuses more than MaxItems.</summary>
        public void Add(string sku, int quantity, decimal price)
        {
            if (items.Count >= MaxItems)
            {
                throw new InvalidOperationException("cart is full");
            }
            items.Add(new LineItem(sku, quantity, price));
        }

        /// <summary>The sum of all line totals.</summary>
        public decimal Total => items.Sum(item => item.LineTotal());

        [Obsolete("use CheckoutAsync")]
        public Receipt Checkout(string customer)
        {
            try
            {
                return svc.Charge(customer, Total);
            }
            catch (InvalidOperationException)
            {
                return this.svc.RetryCheckout(customer);
            }
        }

        public record LineItem(string Sku, int Quantity, decimal Price)
        {
            public decimal LineTotal() => Price * Quantity;
        }
    }

    public interface IDiscount
    {
        decimal Apply(decimal total);
    }

    public enum State { Open, Paid }

    public struct Money
    {
        public decimal Amount;
        public static Money Of(decimal amount) => new Money { Amount = Round(amount, 2) };
    }
}
