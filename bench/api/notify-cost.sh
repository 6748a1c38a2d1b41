#!/usr/bin/env bash
# What a NOTIFY inside a transaction costs PostgreSQL's commit rate, without our code: pgbench's
# tpcb-like transaction at 8 clients, as is and with one pg_notify before its END, alternated on a
# throwaway cluster (fsync on). PostgreSQL serializes the commits of notifying transactions (it
# holds a lock from before the commit until after its flush), so they cannot share a WAL flush.
# Usage: bash bench/api/notify-cost.sh [seconds per run, default 10] [pairs, default 2]
set -euo pipefail
seconds=${1:-10}
pairs=${2:-2}
bin=/usr/lib/postgresql/15/bin
dir=$(mktemp -d /tmp/nexapay-notify-cost.XXXXXX)
chmod 777 "$dir"
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --) # PostgreSQL refuses to run as root
trap '"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -A trust >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -o "-p 5498 -k $dir -c listen_addresses=''" -l "$dir/log" start >/dev/null
"${as_pg[@]}" "$bin/pgbench" -h "$dir" -p 5498 -i -s 8 postgres >/dev/null 2>&1
cat > "$dir/tpcb.sql" <<'SQL'
\set aid random(1, 100000 * :scale)
\set bid random(1, 1 * :scale)
\set tid random(1, 10 * :scale)
\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
END;
SQL
sed "s/^END;/SELECT pg_notify('nexapay_changes', '{\"table\":\"profiles\"}');\nEND;/" "$dir/tpcb.sql" > "$dir/tpcb-notify.sql"
chmod 644 "$dir"/*.sql
for _ in $(seq "$pairs"); do
  for script in tpcb tpcb-notify; do
    tps=$("${as_pg[@]}" "$bin/pgbench" -h "$dir" -p 5498 -n -c 8 -j 2 -T "$seconds" -f "$dir/$script.sql" postgres 2>&1 | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
    printf '%-12s %8.0f/s\n' "$script" "$tps"
  done
done
