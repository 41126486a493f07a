/* Copyright 2025 Example Shop Ltd. Licensed under the MIT license. */
#ifndef SHOP_CART_H
#define SHOP_CART_H

#include <stddef.h>

#define CART_MAX_ITEMS 50

/* A customer's cart; see cart.c. */
typedef struct cart cart_t;

int cart_add(cart_t *cart, const char *sku, int quantity, long price);
long cart_total(const cart_t *cart);

static inline int cart_is_full(size_t count) {
    return count >= CART_MAX_ITEMS;
}

#endif /* SHOP_CART_H */
