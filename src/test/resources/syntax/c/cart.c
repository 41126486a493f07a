/* Copyright 2025 Example Shop Ltd. Licensed under the MIT license. */

#include <stdio.h>
#include <stdlib.h>
#include "cart.h"
#include "payment/service.h"

#define MAX_ITEMS 50

/* One row of the cart. */
struct line_item {
    const char *sku;
    int quantity;
    long price;
};

typedef struct {
    struct line_item items[MAX_ITEMS];
    size_t count;
} cart_t;

static long line_total(const struct line_item *item) {
    return item->price * item->quantity;
}

/**
 * Adds one item; refuses more than MAX_ITEMS.
 * Returns 0 on success, -1 when the cart is full.
 */
int cart_add(cart_t *cart, const char *sku, int quantity, long price) {
    if (cart->count >= MAX_ITEMS) {
        return -1;
    }
    struct line_item item = {sku, quantity, price};
    cart->items[cart->count++] = item;
    return 0;
}

/* The sum of all line totals. */
long cart_total(const cart_t *cart) {
    long sum = 0;
    for (size_t i = 0; i < cart->count; i++) {
        sum += line_total(&cart->items[i]);
    }
    return sum;
}

int cart_checkout(cart_t *cart, const char *customer) {
    if (payment_charge(customer, cart_total(cart)) != 0) {
        return payment_retry_checkout(customer);
    }
    printf("charged %s\n", customer);
    return 0;
}
