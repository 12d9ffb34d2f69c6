#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The bounds in include/mazebook/base/limits.h (and the page-tree walk's in
# src/pdf/pagetree.h, mazeproof's in src/mazeproof/mplimits.h) are the README's "## Limits" table
# (tests/helpers/limits_readme.py): each has its reason, each the table
# names is stated there with its value, and every file the table names
# exists. Copies with one fault planted each must fail, saying what.
. "$top_srcdir/tests/helpers/tap.sh"

check_limits() {	# check_limits LIMITS_H README
  run /usr/bin/python3 "$top_srcdir/tests/helpers/limits_readme.py" "$1" "$2" "$top_srcdir"
}
check_limits "$top_srcdir/include/mazebook/base/limits.h" "$top_srcdir/README.md"
ok $rc "limits.h and the README's limits table agree"
echo "$out" | sed 's/^/# /'
check_limits "$top_srcdir/src/pdf/pagetree.h" "$top_srcdir/README.md"
ok $rc "the page tree's bounds and the README's limits table agree"
echo "$out" | sed 's/^/# /'
check_limits "$top_srcdir/src/mazeproof/mplimits.h" "$top_srcdir/README.md"
ok $rc "mazeproof's bounds (src/mazeproof/mplimits.h) and the README's limits table agree"
echo "$out" | sed 's/^/# /'

cp "$top_srcdir/include/mazebook/base/limits.h" "$TMP/limits.h"
cp "$top_srcdir/README.md" "$TMP/README.md"
chmod u+w "$TMP/limits.h" "$TMP/README.md"  # a distcheck's sources are read-only
limits=$TMP/limits.h readme=$TMP/README.md

# a value changed in limits.h and not in the README
sed 's/^#define MB_SPEC_MAX_MAZES 10000$/#define MB_SPEC_MAX_MAZES 12000/' \
  "$top_srcdir/include/mazebook/base/limits.h" > "$limits"
check_limits "$limits" "$readme"
check "a limit changed without the README fails" $rc -ne 0
echo "$out" | grep -q "the row 'mazes per book' does not state MB_SPEC_MAX_MAZES = 12,000"
ok $? "it names the row, the limit and its new value"

# the README's value changed instead
sed 's/at most 64 levels deep and 100,000 entries;/at most 64 levels deep and 10,000 entries;/' \
  "$top_srcdir/README.md" > "$readme"
grep -q "64 levels deep and 10,000 entries" "$readme"
ok $? "(planted: the bookmarks row says 10,000 entries)"
check_limits "$top_srcdir/include/mazebook/base/limits.h" "$readme"
check "the README stating another value fails" $rc -ne 0
echo "$out" | grep -q "the row 'bookmarks' does not state MB_CHECK_OUTLINE_ITEMS_MAX = 100,000"
ok $? "it names the limit the row no longer states"

# a limit with no reason
awk '/^#endif/ { print "#define MB_SPEC_MAX_WHIMS 7"; print "" } { print }' \
  "$top_srcdir/include/mazebook/base/limits.h" > "$limits"
check_limits "$limits" "$top_srcdir/README.md"
check "a limit without a comment fails" $rc -ne 0
echo "$out" | grep -q "MB_SPEC_MAX_WHIMS has no comment saying why it is the bound"
ok $? "it names the limit"

# a row the table does not have
sed 's/Limits table: grid$/Limits table: squares/' \
  "$top_srcdir/include/mazebook/base/limits.h" > "$limits"
check_limits "$limits" "$top_srcdir/README.md"
check "a limit naming a missing row fails" $rc -ne 0
echo "$out" | grep -q "MB_SPEC_MAX_GRID names the limits table's row 'squares'"
ok $? "it names the limit and the row"

# a file the table names that is gone
sed 's|`src/backend/shape/svg_refs.c`|`src/backend/shape/svg_gone.c`|' "$top_srcdir/README.md" > "$readme"
check_limits "$top_srcdir/include/mazebook/base/limits.h" "$readme"
check "a row naming a file that does not exist fails" $rc -ne 0
echo "$out" | grep -q "names src/backend/shape/svg_gone.c, which does not exist"
ok $? "it names the file"
done_testing
