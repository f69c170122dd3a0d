-- Bulk data for benchmarks: :clients clients and 5 x :clients funding rows, made inside PostgreSQL with
-- generate_series (the demo generator is realistic but too slow for millions of rows).
-- Ids are 24 hex characters like the server's; times spread over two years before :now; an approved
-- deposit or withdrawal was approved an hour after it came (what the reports sum by approval time).
-- :realistic picks the distribution of statuses (bench_status below): false is the worst case the lists
-- were tuned on (a seventh of clients new, a seventh of deposits pending: every tab holds 100,000s of
-- rows); true is a desk that keeps up (a few hundred of each kind waiting, 1 in 40 rejected, the rest
-- approved) with every tenth withdrawal paid through the card provider (none of the waiting ones).
\set ON_ERROR_STOP on
create or replace function pg_temp.bench_status(i bigint, total bigint, worst text[], waiting text, realistic boolean)
returns text language sql immutable as $$
  select case
    when not realistic then worst[1 + (i % array_length(worst, 1))::int]
    when i % greatest(1, total / 300) = 0 then waiting
    when i % 40 = 1 then 'rejected'
    else 'approved' end
$$;
insert into users (id, role, name, surname, email, mobile_phone, country, nationality, status, account_type,
                   reason, agent_code, e_kyc_approved, e_kyc_pending, e_kyc_flagged, registered,
                   first_account_created, timestamp, hubspot_lifecycle_id)
select lpad(to_hex(i), 24, '0'),
       case when i % 50 = 0 then 'PARTNER' else 'USER' end,
       (array['Anna','Ben','Carla','David','Emma','Farid','Greta','Hugo','Ines','Jonas','Kira','Liam'])[1 + i % 12] || i % 997,
       (array['Smith','Meyer','Garcia','Rossi','Novak','Dubois','Jensen','Silva','Kowalski','Murphy'])[1 + (i / 12) % 10] || i % 1009,
       'client' || i || '@bench.example',
       '07700 ' || lpad((i % 1000000)::text, 6, '0'),
       (array['GB','DE','FR','ES','IT','PL','NL','SE','IE','PT','US','AU'])[1 + (i / 7) % 12],
       (array['GB','DE','FR','ES','IT','PL','NL','SE','IE','PT','US','AU'])[1 + (i / 11) % 12],
       case when :realistic then (case when i % greatest(1, :clients / 300) = 0 then 'new'
                                       when i % greatest(1, :clients / 300) = 1 then 'pending'
                                       else pg_temp.bench_status(i, :clients, array['approved'], 'new', true) end)
            else (array['new','pending','approved','approved','approved','rejected','disabled'])[1 + i % 7] end,
       case when i % 9 = 0 then 'Corporate' else 'Individual' end,
       case when i % 7 = 1 then 'Missing proof of address' else '' end,
       case when i % 50 = 0 then 10000 + i / 50 when i % 3 = 0 then 10000 + (i % 20000) / 50 else null end,
       i % 4 = 0, i % 4 = 1, i % 97 = 0, i % 5 <> 0, i % 6 <> 0,
       :now - (i::bigint * 63072000 / :clients),
       (array['42','61','78','46','44'])[1 + i % 5]
from generate_series(1, :clients) as i;

insert into deposits (id, user_id, timestamp, transaction_id, payment_gateway_service, deposit_type,
                      deposit_payment_name, deposit_currency, deposit_amount_sent, account_number, status, mt_status,
                      time_approved)
select lpad(to_hex(1000000000::bigint + i), 24, '0'), lpad(to_hex(1 + (i::bigint * 7919) % :clients), 24, '0'),
       :now - (i::bigint * 63072000 / (2 * :clients)), 'TX' || i,
       (array['Skrill','Neteller','Card','Bank wire'])[1 + i % 4], 'card', 'Visa',
       (array['EUR','GBP','USD'])[1 + i % 3], round(((i % 10000) + 10)::numeric, 2), 500000 + i % :clients,
       s.st, case when s.st = 'approved' then 'SUCCESS' else '' end,
       case when s.st = 'approved' then :now - (i::bigint * 63072000 / (2 * :clients)) + 3600 end
from generate_series(1, 2 * :clients) as i,
     lateral (select pg_temp.bench_status(i, 2 * :clients,
       array['approved','approved','approved','pending','rejected','incomplete','error'], 'pending', :realistic) as st) s;

insert into withdrawals (id, user_id, gateway, withdrawal_type, withdrawal_payment_name, withdrawal_currency,
                         withdrawal_amount, account_number, timestamp, status, request_id, mt_status,
                         provider_handled, provider_order_id, provider_status, time_approved)
select lpad(to_hex(2000000000::bigint + i), 24, '0'), lpad(to_hex(1 + (i::bigint * 104729) % :clients), 24, '0'),
       (array['Bank','Crypto','Skrill'])[1 + i % 3], (array['wire','crypto','others'])[1 + i % 3], 'Payout',
       (array['EUR','GBP','USD'])[1 + i % 3], round(((i % 5000) + 5)::numeric, 2), 500000 + i % :clients,
       :now - (i::bigint * 63072000 / (3 * :clients / 2)),
       s.st, 'WR' || i, case when s.st = 'approved' then 'SUCCESS' else '' end,
       :realistic and i % 10 = 3, case when :realistic and i % 10 = 3 then 'PO' || i else '' end,
       case when :realistic and i % 10 = 3 then (case when s.st = 'pending' then 'CREATED' else 'PROCESSED' end) else '' end,
       case when s.st = 'approved' then :now - (i::bigint * 63072000 / (3 * :clients / 2)) + 3600 end
from generate_series(1, 3 * :clients / 2) as i,
     lateral (select pg_temp.bench_status(i, 3 * :clients / 2,
       array['approved','approved','pending','rejected','error','incomplete'], 'pending', :realistic) as st) s;

insert into transfers (id, user_id, source_account, destination_account, transfer_currency, transfer_amount,
                       source_mt_status, destination_mt_status, timestamp, status)
select lpad(to_hex(3000000000::bigint + i), 24, '0'), lpad(to_hex(1 + (i::bigint * 15485863) % :clients), 24, '0'),
       500000 + i % :clients, 500001 + i % :clients, (array['EUR','GBP','USD'])[1 + i % 3],
       round(((i % 3000) + 1)::numeric, 2), case when s.st = 'approved' then 'SUCCESS' else '' end,
       case when s.st = 'approved' then 'SUCCESS' else '' end,
       :now - (i::bigint * 63072000 / (3 * :clients / 2)), s.st
from generate_series(1, 3 * :clients / 2) as i,
     lateral (select pg_temp.bench_status(i, 3 * :clients / 2, array['approved','pending','rejected'], 'pending',
       :realistic) as st) s;

-- The bench's rows count as looked at by the alert rules: what the triggers queued for them is dropped
-- (a server would otherwise start by evaluating millions of requests).
truncate alert_queue;

analyze;
