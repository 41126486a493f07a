<?php

declare(strict_types=1);

namespace Shop\Cart;

use Shop\Payment\CheckoutService;
use Shop\Payment\{Receipt, Declined};
use function Shop\Util\format_price;

require_once __DIR__ . '/bootstrap.php';
include 'helpers.php';

const MAX_ITEMS = 50;

/**
 * A customer's cart: line items and the checkout that turns them into an order.
 */
final class Cart
{
    /** @var LineItem[] */
    private array $items = [];

    public function __construct(private CheckoutService $svc)
    {
    }

    /** Adds one item; refuses more than MAX_ITEMS. */
    public function add(string $sku, int $quantity, float $price): void
    {
        if (count($this->items) >= MAX_ITEMS) {
            throw new \OverflowException('cart is full');
        }
        $this->items[] = new LineItem($sku, $quantity, $price);
    }

    /** The sum of all line totals. */
    public function total(): float
    {
        return array_sum(array_map(fn (LineItem $item) => $item->lineTotal(), $this->items));
    }

    #[Deprecated]
    public function checkout(string $customer): Receipt
    {
        try {
            return $this->svc->charge($customer, $this->total());
        } catch (Declined $e) {
            return $this->svc->retryCheckout($customer);
        }
    }
}

interface Discount
{
    public function apply(float $total): float;
}

trait Describes
{
    public function describe(): string
    {
        return sprintf('cart of %s', format_price($this->total()));
    }
}

function empty_cart(CheckoutService $svc): Cart
{
    return new Cart($svc);
}
