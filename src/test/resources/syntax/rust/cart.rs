//! Carts and their checkout.

use std::collections::{HashMap, HashSet};
use std::fmt;
use crate::payment::{self, Receipt};
use super::pricing::*;

mod tests;

pub const MAX_ITEMS: usize = 50;

/// One row of the cart.
#[derive(Debug, Clone)]
pub struct LineItem {
    pub sku: String,
    pub quantity: u32,
    pub price: u64,
}

/// A customer's cart: line items and the checkout that turns them into an order.
pub struct Cart<S: payment::Service> {
    svc: S,
    items: Vec<LineItem>,
}

impl<S: payment::Service> Cart<S> {
    pub fn new(svc: S) -> Self {
        Cart { svc, items: Vec::new() }
    }

    /// Adds one item; refuses more than MAX_ITEMS.
    pub fn add(&mut self, item: LineItem) -> Result<(), CartError> {
        if self.items.len() >= MAX_ITEMS {
            return Err(CartError::Full);
        }
        self.items.push(item);
        Ok(())
    }

    /// Removes every line of `sku`; true when there was one.
    pub fn remove(&mut self, sku: &str) -> bool {
        let before = self.items.len();
        self.items.retain(|item| item.sku != sku);
        self.items.len() < before
    }

    /// The sum of all line totals.
    pub fn total(&self) -> u64 {
        self.items.iter().map(|item| line_total(item)).sum()
    }

    pub fn checkout(&mut self, customer: &str) -> Result<Receipt, payment::Error> {
        match self.svc.charge(customer, self.total()) {
            Ok(receipt) => Ok(receipt),
            Err(_) => self.svc.retry_checkout(customer),
        }
    }
}

#[derive(Debug)]
pub enum CartError {
    Full,
}

impl fmt::Display for CartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cart is full")
    }
}

pub trait Priced {
    fn price(&self) -> u64;
}

fn line_total(item: &LineItem) -> u64 {
    item.price * u64::from(item.quantity)
}

pub mod summary {
    pub fn describe(count: usize) -> String {
        format!("{} items", count)
    }
}
