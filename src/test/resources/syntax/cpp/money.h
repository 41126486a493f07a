// A header of C++ with the .h extension: read as C++ since the C grammar cannot parse its class.
#pragma once

#include <cstdint>
#include <string>

namespace shop {

/// An amount of money in cents, never negative.
class Money {
public:
    explicit Money(std::int64_t cents) : cents_(cents < 0 ? 0 : cents) {}

    Money operator+(const Money& other) const { return Money(cents_ + other.cents_); }

    std::string format() const {
        return std::to_string(cents_ / 100) + "." + pad(cents_ % 100);
    }

private:
    static std::string pad(std::int64_t cents) {
        return cents < 10 ? "0" + std::to_string(cents) : std::to_string(cents);
    }

    std::int64_t cents_;
};

}  // namespace shop
