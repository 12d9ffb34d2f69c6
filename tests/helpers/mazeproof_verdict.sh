# SPDX-License-Identifier: AGPL-3.0-or-later
# Sourced after tap.sh by the mazeproof corpus tests, which judge each file
# against its line in an expected.txt (file, exit status, phrases).
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
TAB=$(printf '\t')

# prove MODE FILE: mazeproof on FILE judged from the lines (MODE "lines" or
# empty) or from the rendered ink (anything else: "--render", "render")
prove() {
  case $1 in
    lines | '') run "$MAZEPROOF" "$2" ;;
    *) run "$MAZEPROOF" --render "$2" ;;
  esac
}

# says_one_of PHRASES / says_all_of PHRASES: the last run printed one / all
# of PHRASES ('|' between them)
says_one_of() {
  _said=1
  _old_ifs=$IFS
  IFS='|'
  for _p in $1; do
    contains "$out$err" "$_p" && _said=0
  done
  IFS=$_old_ifs
  return $_said
}
says_all_of() {
  _said=0
  _old_ifs=$IFS
  IFS='|'
  for _p in $1; do
    contains "$out$err" "$_p" || _said=1
  done
  IFS=$_old_ifs
  return $_said
}

# names_its_fault WANT PHRASE: a failed maze is named with its page; a
# drawing not read, with its page and place
names_its_fault() {
  if [ "$2" = 'looks like a maze but was not read' ]; then
    printf '%s\n' "$out" |
      grep -q '^page [0-9]*: a drawing of [0-9]* lines .* at ([0-9.]*, [0-9.]*)-([0-9.]*, [0-9.]*) pt looks like a maze'
  elif [ "$1" -ne 0 ]; then
    printf '%s\n' "$out" | grep -q '^maze [0-9]*, page [0-9]*: .*FAILED: '
  fi
}

# show_run: what the last run said, as TAP comments (after a failed ok)
show_run() {
  printf '# got exit %s:\n%s\n%s\n' "$rc" "$out" "$err" | sed 's/^/# /'
}
