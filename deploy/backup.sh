#!/bin/sh
# The compose `backup` service: a backup of the database and the uploads every night, the last
# BACKUP_KEEP_DAYS of them kept, and BACKUP_DIR/LAST_SUCCESS (Unix seconds) rewritten after each
# good one (docs/operations.md, 'Backups and restore').
#
#   sh deploy/backup.sh          loop: a first backup at once when none succeeded yet, then one
#                                every day at BACKUP_AT (UTC)
#   sh deploy/backup.sh --now    one backup (and the pruning), then exit; non-zero if it failed
#
# BACKUP_COMMAND is the backup itself (default: the built CLI of the image).
set -u

DIR=${BACKUP_DIR:-/backups}
KEEP=${BACKUP_KEEP_DAYS:-14}
AT=${BACKUP_AT:-03:00}
COMMAND=${BACKUP_COMMAND:-node dist/server/db-backup.js}

case $KEEP in
  '' | *[!0-9]* | 0) echo "BACKUP_KEEP_DAYS must be a whole number of at least 1 (got '$KEEP')" >&2; exit 2 ;;
esac
if ! echo "$AT" | grep -Eq '^([01][0-9]|2[0-3]):[0-5][0-9]$'; then
  echo "BACKUP_AT must be a UTC time of day as HH:MM (got '$AT')" >&2
  exit 2
fi
mkdir -p "$DIR" || exit 1

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) backup: $*"; }

# Keeps the newest KEEP backups. By count, not by age: if backups stop working, the old ones stay.
prune() {
  ls -1d "$DIR"/20*Z 2>/dev/null | sort | head -n "-$KEEP" | while read -r old; do
    log "removing $old (keeping the last $KEEP)"
    rm -rf "$old"
  done
}

# LAST_SUCCESS holds the time of the last good backup in Unix seconds, one line: the unit of the
# metric the app reads from it (src/server/infra/backup/last-success.ts parses it, and still
# reads the ISO text earlier versions wrote). Written aside and renamed: never half a line.
mark_success() {
  date -u +%s > "$DIR/.LAST_SUCCESS" && mv "$DIR/.LAST_SUCCESS" "$DIR/LAST_SUCCESS"
}

backup_once() {
  name=$(date -u +%Y%m%dT%H%M%SZ)
  # Written under a hidden name and renamed when complete: a backup folder is always whole.
  partial="$DIR/.partial-$name"
  rm -rf "$DIR"/.partial-*
  log "starting $DIR/$name"
  # shellcheck disable=SC2086 # BACKUP_COMMAND is a command line
  if $COMMAND "$partial" && mv -T "$partial" "$DIR/$name"; then
    mark_success
    log "done: $DIR/$name"
    prune
    return 0
  fi
  rm -rf "$partial"
  log "FAILED (LAST_SUCCESS not updated; the previous backups are kept)" >&2
  return 1
}

if [ "${1:-}" = "--now" ]; then
  backup_once
  exit $?
fi

sleeper=
trap 'log "stopping"; [ -z "$sleeper" ] || kill "$sleeper" 2>/dev/null; exit 0' TERM INT

[ -f "$DIR/LAST_SUCCESS" ] || backup_once
while :; do
  now=$(date -u +%s)
  next=$(date -u -d "today $AT" +%s)
  [ "$next" -gt "$now" ] || next=$(date -u -d "tomorrow $AT" +%s)
  log "next backup at $(date -u -d "@$next" +%Y-%m-%dT%H:%M:%SZ)"
  # In the background, so SIGTERM (docker stop) ends the wait at once.
  sleep $((next - now)) &
  sleeper=$!
  wait "$sleeper"
  sleeper=
  backup_once
done
