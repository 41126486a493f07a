# frozen_string_literal: true

require 'bigdecimal'
require_relative 'payment/service'
require_relative './line_item'

MAX_ITEMS = 50

module Shop
  # A customer's cart: line items and the checkout that turns them into an order.
  class Cart
    attr_reader :items

    def initialize(svc)
      @svc = svc
      @items = []
    end

    # Adds one item; refuses more than MAX_ITEMS.
    def add(sku, quantity, price)
      raise ArgumentError, 'cart is full' if @items.size >= MAX_ITEMS

      @items << LineItem.new(sku, quantity, price)
    end

    # The sum of all line totals.
    def total
      @items.sum(BigDecimal('0')) { |item| item.line_total }
    end

    def checkout(customer)
      @svc.charge(customer, total)
    rescue Payment::Declined
      @svc.retry_checkout(customer)
    end

    def self.empty(svc)
      new(svc)
    end

    class Error < StandardError; end
  end

  def self.describe(cart)
    format('cart of %s', cart.total)
  end
end

def main
  cart = Shop::Cart.empty(Payment::Service.new)
  puts Shop.describe(cart)
end

main if $PROGRAM_NAME == __FILE__
