-- What a client's profile reads, for every tenth client (client 4242, the bench's profile, among them):
-- three client-log entries, an identity document and a proof of residence; and five generated sub-codes
-- per IB code. Sized from :clients like fill-more.sql.
\set ON_ERROR_STOP on
insert into client_logs (id, user_id, timestamp, event, actioned_by)
select lpad(to_hex(10000000000::bigint + i * 3 + k), 24, '0'), lpad(to_hex(i), 24, '0'),
       :now - (i::bigint * 63072000 / :clients) + k * 3600, 'Called the client (' || k || ')', 'Bench Runner'
from generate_series(2, :clients, 10) as i, generate_series(0, 2) as k;

insert into kyc_documents (id, user_id, kind, id_doc_type, image_ids, uploaded, verified, timestamp)
select lpad(to_hex(11000000000::bigint + i * 2 + k), 24, '0'), lpad(to_hex(i), 24, '0'),
       (array['IDENTITY','PROOF_OF_RESIDENCE'])[1 + k], (array['PASSPORT','UTILITY_BILL'])[1 + k],
       jsonb_build_array(lpad(to_hex(12000000000::bigint + i * 2 + k), 24, '0')), true, i % 3 <> 0,
       :now - (i::bigint * 63072000 / :clients)
from generate_series(2, :clients, 10) as i, generate_series(0, 1) as k;

insert into generated_codes (id, agent_code, name, code, timestamp)
select lpad(to_hex(13000000000::bigint + i * 5 + k), 24, '0'), 10000 + i, 'Campaign ' || k, 'G' || i || 'K' || k,
       :now - (i::bigint * 63072000 / (:clients / 50))
from generate_series(1, :clients / 50) as i, generate_series(0, 4) as k;

analyze;
