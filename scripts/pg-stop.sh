#!/usr/bin/env bash
# Stops the server scripts/pg-start.sh started and removes its files.
set -uo pipefail
dir=${SOTUBE_PG_DIR:-}
[[ -n $dir && -d $dir ]] || exit 0
# Only a folder pg-start.sh made (mktemp's sotube-pg.XXXXXX) is removed: a wrong SOTUBE_PG_DIR (/tmp,
# say) must not take the folder with it.
if [[ $(basename "$dir") != sotube-pg.* ]]; then
  echo "pg-stop: $dir is not a folder scripts/pg-start.sh made (sotube-pg.*); nothing stopped or removed" >&2
  exit 1
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
as=()
[[ $(id -u) == 0 ]] && as=(runuser -u postgres --)
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1
rm -rf "$dir"
