// Package cart holds a customer's line items and checks them out.
package cart

import (
	"errors"
	"fmt"

	"github.com/example/shop/payment"
	dec "github.com/shopspring/decimal"
)

// MaxItems is how many lines a cart may hold.
const MaxItems = 50

var ErrFull = errors.New("cart is full")

// LineItem is one row of the cart.
type LineItem struct {
	SKU      string
	Quantity int64
	Price    dec.Decimal
}

// Cart is a customer's cart: line items and the checkout that turns them into an order.
type Cart struct {
	svc   payment.Service
	items []LineItem
}

// Checkouter is anything that can check a cart out.
type Checkouter interface {
	Checkout(customer string) (payment.Receipt, error)
}

// New returns an empty cart that pays through svc.
func New(svc payment.Service) *Cart {
	return &Cart{svc: svc}
}

// Add adds one item; it refuses more than MaxItems.
func (c *Cart) Add(item LineItem) error {
	if len(c.items) >= MaxItems {
		return ErrFull
	}
	c.items = append(c.items, item)
	return nil
}

// Total is the sum of all line totals.
func (c *Cart) Total() dec.Decimal {
	sum := dec.Zero
	for _, item := range c.items {
		sum = sum.Add(item.lineTotal())
	}
	return sum
}

func (c *Cart) Checkout(customer string) (payment.Receipt, error) {
	receipt, err := c.svc.Charge(customer, c.Total())
	if err != nil {
		return c.svc.RetryCheckout(customer)
	}
	return receipt, nil
}

func (i LineItem) lineTotal() dec.Decimal {
	return i.Price.Mul(dec.NewFromInt(i.Quantity))
}

func describe(c *Cart) string {
	return fmt.Sprintf("cart of %s", c.Total())
}
