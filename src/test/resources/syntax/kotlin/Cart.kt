package shop.cart

import java.math.BigDecimal
import shop.payment.CheckoutService
import shop.util.*

const val MAX_ITEMS = 50

/**
 * A customer's cart: line items and the checkout that turns them into an order.
 */
class Cart(private val svc: CheckoutService) {

    private val items = mutableListOf<LineItem>()

    /** Adds one item; refuses more than [MAX_ITEMS]. */
    fun add(sku: String, quantity: Int, price: BigDecimal) {
        check(items.size < MAX_ITEMS) { "cart is full" }
        items.add(LineItem(sku, quantity, price))
    }

    /** The sum of all line totals. */
    fun total(): BigDecimal =
        items.fold(BigDecimal.ZERO) { sum, item -> sum + item.lineTotal() }

    fun checkout(customer: String): Receipt {
        return try {
            svc.charge(customer, total())
        } catch (e: IllegalStateException) {
            this.svc.retryCheckout(customer)
        }
    }

    data class LineItem(val sku: String, val quantity: Int, val price: BigDecimal) {
        fun lineTotal(): BigDecimal = price * quantity.toBigDecimal()
    }

    companion object {
        fun empty(svc: CheckoutService) = Cart(svc)
    }
}

interface Discount {
    fun apply(total: BigDecimal): BigDecimal
}

enum class State { OPEN, PAID }

object Carts {
    fun describe(cart: Cart): String = "cart of ${cart.total()}"
}

fun main() {
    val cart = Cart.empty(CheckoutService())
    println(Carts.describe(cart))
}
