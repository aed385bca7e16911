-- The addresses each player signed in (or up) from, the last 8: while an
-- account is guarded after many wrong passwords, they still have their
-- passwords checked as usual. Kept here (not only in a server's memory) so
-- that a restart, or another server on the same database, knows them too.
CREATE TABLE known_addresses (
    user_key TEXT NOT NULL REFERENCES users (name_key),
    address  TEXT NOT NULL,   -- an IP address, as Rust writes it
    last_at  BIGINT NOT NULL,
    PRIMARY KEY (user_key, address)
);
