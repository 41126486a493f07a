// Copyright 2025 Example Shop Ltd.
// SPDX-License-Identifier: MIT

#include <numeric>
#include <string>
#include <vector>
#include "cart.hpp"
#include "payment/service.hpp"

namespace shop {

constexpr int kMaxItems = 50;

/// One row of the cart.
struct LineItem {
    std::string sku;
    int quantity;
    long price;

    long lineTotal() const { return price * quantity; }
};

/// A customer's cart: line items and the checkout that turns them into an order.
class Cart {
public:
    explicit Cart(payment::Service& svc) : svc_(svc) {}

    /// Adds one item; refuses more than kMaxItems.
    bool add(const LineItem& item) {
        if (items_.size() >= kMaxItems) {
            return false;
        }
        items_.push_back(item);
        return true;
    }

    long total() const;
    payment::Receipt checkout(const std::string& customer);

private:
    payment::Service& svc_;
    std::vector<LineItem> items_;
};

/// The sum of all line totals.
long Cart::total() const {
    return std::accumulate(items_.begin(), items_.end(), 0L,
                           [](long sum, const LineItem& item) { return sum + item.lineTotal(); });
}

payment::Receipt Cart::checkout(const std::string& customer) {
    try {
        return svc_.charge(customer, total());
    } catch (const payment::Declined&) {
        return this->svc_.retryCheckout(customer);
    }
}

template <typename T>
T clampItems(T count) {
    return std::min<T>(count, kMaxItems);
}

}  // namespace shop
