-- Schema for the shop database (PostgreSQL 16).
-- Applied by Flyway; never edit a released migration, add a new one instead.

CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE customers (
    id              BIGSERIAL PRIMARY KEY,
    email           CITEXT      NOT NULL UNIQUE,
    display_name    TEXT        NOT NULL,
    password_hash   TEXT        NOT NULL,
    password_set_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    locked          BOOLEAN     NOT NULL DEFAULT false,
    failed_logins   INTEGER     NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

COMMENT ON COLUMN customers.password_hash IS 'bcrypt hash, cost 12; the plain password is never stored';

CREATE TABLE sessions (
    id          UUID        PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id BIGINT      NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    token_hash  BYTEA       NOT NULL UNIQUE,
    user_agent  TEXT,
    ip          INET,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ
);

CREATE INDEX sessions_customer_idx ON sessions (customer_id) WHERE revoked_at IS NULL;

CREATE TABLE addresses (
    id          BIGSERIAL PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    line1       TEXT   NOT NULL,
    line2       TEXT,
    postal_code TEXT   NOT NULL,
    city        TEXT   NOT NULL,
    country     CHAR(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$')
);

CREATE TYPE order_status AS ENUM ('pending', 'paid', 'payment_failed', 'shipped', 'cancelled', 'returned');

CREATE TABLE orders (
    id                 UUID         PRIMARY KEY,
    customer_id        BIGINT       NOT NULL REFERENCES customers (id),
    billing_address_id BIGINT       NOT NULL REFERENCES addresses (id),
    status             order_status NOT NULL DEFAULT 'pending',
    currency           CHAR(3)      NOT NULL DEFAULT 'EUR',
    amount_cents       BIGINT       NOT NULL CHECK (amount_cents >= 0),
    shipping_cents     BIGINT       NOT NULL DEFAULT 0,
    channel            TEXT,
    coupon_code        TEXT,
    created_at         TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ  NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_created_idx ON orders (customer_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders (status) WHERE status IN ('pending', 'payment_failed');

CREATE TABLE order_lines (
    order_id         UUID    NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    line_no          INTEGER NOT NULL,
    sku              TEXT    NOT NULL,
    product_name     TEXT    NOT NULL,
    quantity         INTEGER NOT NULL CHECK (quantity > 0),
    unit_price_cents BIGINT  NOT NULL,
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE password_reset_tokens (
    token_hash  BYTEA       PRIMARY KEY,
    customer_id BIGINT      NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);

CREATE TABLE api_keys (
    id           UUID        PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id  BIGINT      NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    name         TEXT        NOT NULL,
    prefix       TEXT        NOT NULL,
    key_hash     BYTEA       NOT NULL,
    scopes       TEXT[]      NOT NULL DEFAULT '{}',
    last_used_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger AS $$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER customers_touch BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER orders_touch BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

-- Login check used by the auth service: compare in the database so the hash never leaves it.
CREATE OR REPLACE FUNCTION check_password(p_email CITEXT, p_password TEXT) RETURNS BIGINT AS $$
    SELECT id FROM customers
    WHERE email = p_email AND NOT locked AND password_hash = crypt(p_password, password_hash);
$$ LANGUAGE sql STABLE;

-- Reporting view: daily revenue per country, only paid or shipped orders.
CREATE VIEW daily_revenue AS
SELECT date_trunc('day', o.created_at) AS day,
       a.country,
       count(*)                        AS orders,
       sum(o.amount_cents) / 100.0     AS revenue
FROM orders o
JOIN addresses a ON a.id = o.billing_address_id
WHERE o.status IN ('paid', 'shipped')
GROUP BY 1, 2;

-- Housekeeping, run nightly by pg_cron.
DELETE FROM sessions WHERE expires_at < now() - interval '7 days';
DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day';
UPDATE customers SET failed_logins = 0 WHERE failed_logins > 0 AND updated_at < now() - interval '1 hour';

-- Example queries from the runbook.
SELECT c.email, count(o.id) AS orders, max(o.created_at) AS last_order
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id
GROUP BY c.email
HAVING count(o.id) > 10
ORDER BY orders DESC
LIMIT 20;

SELECT status, count(*), round(avg(amount_cents) / 100.0, 2) AS avg_eur
FROM orders
WHERE created_at >= now() - interval '30 days'
GROUP BY status;

GRANT SELECT ON daily_revenue TO reporting;
GRANT SELECT, INSERT, UPDATE ON orders, order_lines TO shop_app;
REVOKE ALL ON customers FROM PUBLIC;
