-- The other lists' rows for benchmarks, sized from :clients: a trading account per client, and leverage
-- changes, sub-account requests, bank details, IB requests and IB codes in the proportions a broker sees.
-- Statuses follow :realistic as in fill.sql (bench_status is made again: psql runs each file in its own session).
\set ON_ERROR_STOP on
create or replace function pg_temp.bench_status(i bigint, total bigint, worst text[], waiting text, realistic boolean)
returns text language sql immutable as $$
  select case
    when not realistic then worst[1 + (i % array_length(worst, 1))::int]
    when i % greatest(1, total / 300) = 0 then waiting
    when i % 40 = 1 then 'rejected'
    else 'approved' end
$$;
insert into trading_accounts (id, user_id, number, live, approved, manager_group, account_group, type,
                              base_currency, leverage, balance, equity, time_created, time_approved)
select lpad(to_hex(4000000000::bigint + i), 24, '0'), lpad(to_hex(i), 24, '0'), 500000 + i, i % 5 <> 0,
       case when :realistic then i % greatest(1, :clients / 300) <> 0 else i % 6 <> 0 end,
       'real\standard', (array['Standard','ECN','Mini FX'])[1 + i % 3], (array['Standard','ECN','Mini FX'])[1 + i % 3],
       (array['EUR','GBP','USD'])[1 + i % 3], (array[50,100,200,500])[1 + i % 4], i % 100000, i % 100000,
       :now - (i::bigint * 63072000 / :clients) + 60,
       case when (case when :realistic then i % greatest(1, :clients / 300) <> 0 else i % 6 <> 0 end) then :now - (i::bigint * 63072000 / :clients) + 3600 end
from generate_series(1, :clients) as i;

insert into leverage_changes (id, user_id, account_number, account_type, old_leverage, new_leverage, status, timestamp)
select lpad(to_hex(5000000000::bigint + i), 24, '0'), lpad(to_hex(1 + (i::bigint * 7) % :clients), 24, '0'),
       500001 + (i::bigint * 7) % :clients, 'Standard', '1:100', '1:200',
       pg_temp.bench_status(i, :clients / 10, array['approved','approved','rejected','pending'], 'pending', :realistic),
       :now - (i::bigint * 63072000 / (:clients / 10))
from generate_series(1, :clients / 10) as i;

insert into sub_account_requests (id, user_id, type, live, base_currency, leverage, status, time_created)
select lpad(to_hex(6000000000::bigint + i), 24, '0'), lpad(to_hex(1 + (i::bigint * 13) % :clients), 24, '0'),
       (array['Standard','ECN','Mini FX'])[1 + i % 3], i % 3 <> 0, (array['EUR','GBP','USD'])[1 + i % 3], 100,
       pg_temp.bench_status(i, :clients / 10, array['approved','approved','rejected','pending','error'], 'pending', :realistic),
       :now - (i::bigint * 63072000 / (:clients / 10))
from generate_series(1, :clients / 10) as i;

insert into bank_accounts (id, user_id, bank_name, bank_country, bank_account_currency, bank_iban, status, timestamp)
select lpad(to_hex(7000000000::bigint + i), 24, '0'), lpad(to_hex(i * 5), 24, '0'), 'Bench Bank ' || i % 100,
       'GB', 'GBP', 'GB00BENCH' || i,
       pg_temp.bench_status(i, :clients / 5, array['approved','approved','approved','pending','rejected'], 'pending', :realistic),
       :now - (i::bigint * 63072000 / (:clients / 5))
from generate_series(1, :clients / 5) as i;

insert into ib_requests (id, user_id, question1, answer1, status, timestamp)
select lpad(to_hex(8000000000::bigint + i), 24, '0'), lpad(to_hex(i * 50), 24, '0'), 'Clients?', 'About ' || i % 90,
       pg_temp.bench_status(i, :clients / 50, array['approved','approved','rejected','pending'], 'pending', :realistic),
       :now - (i::bigint * 63072000 / (:clients / 50))
from generate_series(1, :clients / 50) as i;

insert into ib_codes (id, name, code, agent_code, status_code, link, timestamp, time_created, time_approved)
select lpad(to_hex(9000000000::bigint + i), 24, '0'), 'Partner ' || i, 'C' || i, 10000 + i,
       (array['approved','approved','pending'])[1 + i % 3], 'https://bench.example/register/' || (10000 + i),
       :now - (i::bigint * 63072000 / (:clients / 50)), :now - (i::bigint * 63072000 / (:clients / 50)),
       case when i % 3 < 2 then :now - (i::bigint * 63072000 / (:clients / 50)) end
from generate_series(1, :clients / 50) as i;

-- Alerts on one request in 500 of each money table (row 42 of each among them), on the rows' own clients:
-- most cleared, some open, a few confirmed, as a desk that keeps up has them (the flagged filter's cases).
insert into alerts (id, user_id, request_type, request_id, rule, dedupe_key, facts, status, created_at)
select lpad(to_hex(k.base + i), 24, '0'), lpad(to_hex(1 + (i::bigint * k.step) % :clients), 24, '0'), k.type,
       lpad(to_hex(k.offs + i), 24, '0'), 'round-trip', 'round-trip:' || k.type || ':' || i,
       '{"summary": "bench alert"}'::jsonb,
       (array['cleared','cleared','cleared','cleared','cleared','cleared','cleared','open','open','confirmed'])[1 + (i / 500) % 10],
       :now - (i::bigint * 63072000 / k.n)
from (values ('deposit', 21000000000::bigint, 1000000000::bigint, 7919::bigint, 2 * :clients),
             ('withdrawal', 22000000000::bigint, 2000000000::bigint, 104729::bigint, 3 * :clients / 2),
             ('transfer', 23000000000::bigint, 3000000000::bigint, 15485863::bigint, 3 * :clients / 2))
       as k(type, base, offs, step, n),
     lateral generate_series(42, k.n, 500) as i;

-- The bench's rows count as looked at by the alert rules: what the triggers queued for them is dropped
-- (a server would otherwise start by evaluating millions of requests).
truncate alert_queue;

analyze;
