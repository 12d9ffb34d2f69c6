/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * libyaml's errors in plain words (yaml_words.h): what went wrong said in
 * terms of the spec's own lines (a tab, a quote left open, a list item
 * out of line, a value that ran on), where libyaml's own words would only
 * confuse.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "mazebook/book/schema.h"
#include "mazebook/book/yaml_words.h"

/* marks arrive 1-based already */
static int line_of(struct mb_place m)
{
	return m.line;
}

static int column_of(struct mb_place m)
{
	return m.column;
}

static enum mb_status fail_at(const struct mb_yaml_trouble *r, int line, int column,
			      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static enum mb_status fail_at(const struct mb_yaml_trouble *r, int line, int column,
			      const char *fmt, ...)
{
	char msg[MB_ERROR_MESSAGE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return mb_error_set_at(r->err, MB_ERR_INPUT, r->name, line, column, "%s", msg);
}

/* a message for the schema to raise later, at line and column */
static bool note_at(char *out, size_t size, struct mb_place *at, int line, int column,
		    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static bool note_at(char *out, size_t size, struct mb_place *at, int line, int column,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, size, fmt, ap);
	va_end(ap);
	at->line = line;
	at->column = column;
	return true;
}

/*
 * A text and where its lines start, found once (lines_index): an error's
 * words look back and forth over many lines, and a spec may have half a
 * million of them. Without the index a line is found by counting.
 */
struct lines {
	const char *text;
	size_t len;
	size_t *start;
	int count;
};

static struct lines lines_of(const char *text, size_t len)
{
	return (struct lines){ text, len, NULL, 0 };
}

static void lines_index(struct lines *ls)
{
	size_t n = 1;

	for (size_t i = 0; i < ls->len; i++)
		n += ls->text[i] == '\n';
	ls->start = xreallocarray(NULL, n, sizeof(*ls->start));
	ls->start[0] = 0;
	ls->count = 1;
	for (size_t i = 0; i < ls->len; i++)
		if (ls->text[i] == '\n')
			ls->start[ls->count++] = i + 1;
}

/* line (1-based) of the text: its start and length without the newline */
static const char *line_text(const struct lines *ls, int line, size_t *line_len)
{
	const char *text = ls->text, *p = text, *end = text + ls->len, *nl;

	if (ls->start) {
		if (line < 1 || line > ls->count)
			return NULL;
		p = text + ls->start[line - 1];
		line = 1;
	}
	for (int l = 1; l < line && p < end; l++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p > end)
		return NULL;
	nl = memchr(p, '\n', (size_t)(end - p));
	*line_len = (size_t)((nl ? nl : end) - p);
	if (*line_len && p[*line_len - 1] == '\r')
		(*line_len)--;
	return p;
}

/* the byte offset in a line of its column-th character (1-based) */
static size_t byte_of_column(const char *s, size_t n, int column)
{
	size_t i = 0;

	for (int c = 1; c < column && i < n; c++) {
		i++;
		while (i < n && ((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
	}
	return i;
}

/* A "key: value" line: its indentation, the key and where the value starts. */
struct key_line {
	size_t indent, key_len, colon, value;	/* byte offsets in the line */
	bool is_key;
};

static struct key_line read_key_line(const char *s, size_t n)
{
	struct key_line k = { 0 };

	while (k.indent < n && s[k.indent] == ' ')
		k.indent++;
	for (size_t i = k.indent; i < n; i++) {
		if (s[i] == ':' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\t')) {
			k.is_key = i > k.indent && s[k.indent] != '-' && s[k.indent] != '"' &&
				   s[k.indent] != '\'';
			k.key_len = i - k.indent;
			k.colon = i;
			k.value = i + 1;
			while (k.value < n && (s[k.value] == ' ' || s[k.value] == '\t'))
				k.value++;
			break;
		}
	}
	return k;
}

/* value (n bytes) as it would read inside double quotes, shortened for a message */
static void quote_for_message(const char *value, size_t n, char *out, size_t size)
{
	size_t o = 0;

	while (n && (value[n - 1] == ' ' || value[n - 1] == '\t'))
		n--;
	for (size_t i = 0; i < n && o + 6 < size; i++) {
		/* as it reads in double quotes: a line break is \n there */
		if (value[i] == '"' || value[i] == '\\' || value[i] == '\n' || value[i] == '\t')
			out[o++] = '\\';
		out[o++] = value[i] == '\n' ? 'n' : value[i] == '\t' ? 't' : value[i];
		if (o > 60 && i + 1 < n) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
	}
	out[o] = '\0';
}

/* Is line l (n bytes) blank or only a comment? */
static bool blank_line(const char *l, size_t n)
{
	size_t i = 0;

	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	return i == n || l[i] == '#';
}

/*
 * Where a value quoted with text[open] ends: the number of lines it runs
 * past its own, and in *clean whether the line goes on, after the closing
 * quote, as a value's end does (nothing, a comment, ',', ']', '}' or ':').
 * -1 when it never closes.
 */
static int quote_runs(const char *text, size_t len, size_t open, bool *clean)
{
	char q = text[open];
	int lines = 0;
	size_t i = open + 1, space;

	*clean = false;
	for (; i < len; i++) {
		if (text[i] == '\n')
			lines++;
		else if (q == '"' && text[i] == '\\')
			i++;
		else if (q == '\'' && text[i] == '\'' && i + 1 < len && text[i + 1] == '\'')
			i++;
		else if (text[i] == q)
			break;
	}
	if (i >= len)
		return -1;
	for (space = ++i; i < len && (text[i] == ' ' || text[i] == '\t'); i++)
		;
	/* a comment after a space; a quoted key's ':' before one */
	*clean = i >= len || strchr("\r\n,]}", text[i]) || (text[i] == '#' && i > space) ||
		 (text[i] == ':' && (i + 1 == len || strchr(" \t\r\n", text[i + 1])));
	return lines;
}

/* the first offset of a line's value: past its indentation, '- ' items and 'key: ' */
static size_t value_start(const char *l, size_t n, size_t *indent)
{
	size_t i = 0;
	struct key_line k;

	while (i < n && l[i] == ' ')
		i++;
	*indent = i;
	while (i + 1 < n && l[i] == '-' && (l[i + 1] == ' ' || l[i + 1] == '\t'))
		for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
			;
	k = read_key_line(l + i, n - i);
	if (k.is_key && k.indent == 0)
		i += k.value;
	return i;
}

/*
 * The first quoted value of text, up to line last, whose quote is never
 * closed, or is closed only on a later line where the text goes on after
 * it (the next value's opening quote taken for its end): its line and
 * column, its quote mark and the line it runs to. Block scalars (| and >)
 * and values quoted over lines that end cleanly are passed over.
 */
static bool unclosed_quote(const struct lines *ls, int last, int *line, int *column,
			   char *quote, int *runs_to)
{
	const char *text = ls->text;
	size_t len = ls->len;
	size_t block = (size_t)-1;	/* the indentation a block scalar's text is deeper than */
	const char *l;
	size_t n;

	for (int at = 1; at <= last && (l = line_text(ls, at, &n)); at++) {
		size_t indent, v;
		bool clean;
		int runs;

		if (blank_line(l, n))
			continue;
		v = value_start(l, n, &indent);
		if (block != (size_t)-1 && indent > block)
			continue;
		block = (size_t)-1;
		if (v < n && (l[v] == '|' || l[v] == '>')) {
			block = indent;
			continue;
		}
		if (v >= n || (l[v] != '"' && l[v] != '\''))
			continue;
		runs = quote_runs(text, len, (size_t)(l + v - text), &clean);
		if (runs == 0)
			continue;	/* closed on its line: what follows is another story */
		if (runs < 0 || !clean) {
			*line = at;
			*column = (int)v + 1;
			*quote = l[v];
			*runs_to = runs < 0 ? 0 : at + runs;
			return true;
		}
		at += runs;	/* a value quoted over lines, well closed */
	}
	return false;
}

/* "the '"' that opens the value at line L, column C is ...", into out */
static void unclosed_quote_words(int line, int column, char quote, int runs_to, char *out,
				 size_t size)
{
	if (runs_to)
		snprintf(out, size,
			 "the quote (%c) that opens at line %d, column %d is not closed on that "
			 "line, so the value runs on to line %d; end the value with %c on line %d",
			 quote, line, column, runs_to, quote, line);
	else
		snprintf(out, size,
			 "the quote (%c) that opens at line %d, column %d is never closed; end "
			 "the value with %c on line %d", quote, line, column, quote, line);
}

/*
 * A tab in line's indentation (before its first key or value, '- ' items
 * included): its column, else 0. YAML indents with spaces only.
 */
static int indent_tab(const char *l, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (l[i] == '\t')
			return (int)i + 1;
		if (l[i] == '-' && (i + 1 == n || l[i + 1] == ' ' || l[i + 1] == '\t'))
			continue;
		if (l[i] != ' ')
			return 0;
	}
	return 0;
}

/* A block list's item line ("- ..."): where its '-' is and where its first key starts. */
struct item_line {
	int line;
	size_t dash, key;	/* byte offsets; key == dash when no key follows */
};

/* the nearest line before line that is a list item, with its list's key; false if none */
static bool item_above(const struct lines *ls, int line, struct item_line *item, char *owner,
		       size_t owner_size)
{
	const char *l;
	size_t n;

	owner[0] = '\0';
	for (int at = line - 1; at >= 1; at--) {
		size_t i = 0;

		l = line_text(ls, at, &n);
		if (!l || blank_line(l, n))
			continue;
		while (i < n && l[i] == ' ')
			i++;
		if (i + 1 >= n || l[i] != '-' || (l[i + 1] != ' ' && l[i + 1] != '\t'))
			continue;
		item->line = at;
		item->dash = i;
		for (i++; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
			;
		item->key = i;
		/* the key the list belongs to: the nearest line above less indented */
		for (int up = at - 1; up >= 1; up--) {
			size_t m;
			const char *u = line_text(ls, up, &m);
			struct key_line k;

			if (!u || blank_line(u, m))
				continue;
			k = read_key_line(u, m);
			if (k.indent >= item->dash && u[k.indent] == '-')
				continue;	/* an earlier item of the list */
			if (k.indent >= item->dash)
				continue;	/* a key inside an earlier item */
			if (k.is_key)
				snprintf(owner, owner_size, "%.*s", (int)k.key_len, u + k.indent);
			break;
		}
		return true;
	}
	return false;
}

/*
 * A block list's lines out of line, in words: each item starts with '- '
 * at the first item's column, and an item's keys line up under the key
 * after its '- '. Writes "" when line is not in a list.
 */
static void list_problem_words(const struct lines *ls, int line, char *out, size_t size,
			       int *column)
{
	struct item_line item;
	char owner[65], whose[96];
	size_t n, indent = 0;
	const char *l = line_text(ls, line, &n);

	out[0] = '\0';
	if (!l || !item_above(ls, line, &item, owner, sizeof(owner)))
		return;
	snprintf(whose, sizeof(whose), owner[0] ? "'%.40s'" : "the list", owner);
	while (indent < n && l[indent] == ' ')
		indent++;
	*column = (int)indent + 1;
	if (indent < n && l[indent] == '-' && indent + 1 < n && l[indent + 1] != ' ' &&
	    l[indent + 1] != '\t') {
		snprintf(out, size,
			 "a list item starts with '- ', a dash and a space: write '- %.*s' (each "
			 "item of %s starts with '- ' at column %zu, as on line %d)",
			 (int)(n - indent - 1 > 40 ? 40 : n - indent - 1), l + indent + 1, whose,
			 item.dash + 1, item.line);
	} else if (indent < n && l[indent] == '-') {
		if (indent == item.dash)
			return;
		snprintf(out, size,
			 "this item of %s starts at column %zu, but its first item starts at "
			 "column %zu (line %d): start each item's '- ' at column %zu, with its "
			 "keys under the first one", whose, indent + 1, item.dash + 1, item.line,
			 item.dash + 1);
	} else if (item.key > item.dash && indent != item.key) {
		struct key_line k = read_key_line(l + indent, n - indent);

		snprintf(out, size,
			 "%s%.*s%s starts at column %zu, but the keys of the item of %s that "
			 "starts on line %d are at column %zu: line every key of an item up under "
			 "the first key after its '- '", k.is_key ? "'" : "",
			 k.is_key ? (int)(k.key_len > 40 ? 40 : k.key_len) : 9,
			 k.is_key ? l + indent : "this line",
			 k.is_key ? ":'" : "", indent + 1, whose, item.line, item.key + 1);
	}
}

/*
 * A line libyaml took for a key without its ':' ("level:easy", "mazes 60",
 * "cover"): what to write, and the column to change. False when the line
 * is none of those.
 */
static bool no_colon_words(const struct lines *ls, int line, char *out, size_t size,
			   int *column)
{
	size_t n = 0, i = 0, word;
	const char *l = line_text(ls, line, &n);
	const char *colon;

	if (!l)
		return false;
	while (i < n && l[i] == ' ')
		i++;
	if (i + 1 < n && l[i] == '-' && l[i + 1] == ' ')
		for (i++; i < n && l[i] == ' '; i++)
			;
	while (n > i && (l[n - 1] == ' ' || l[n - 1] == '\t'))
		n--;
	if (i >= n || l[i] == '"' || l[i] == '\'' || l[i] == '#' || n - i > 80)
		return false;
	for (word = i; word < n && l[word] != ' ' && l[word] != ':'; word++)
		;
	colon = memchr(l + i, ':', n - i);
	if (colon && colon + 1 < l + n && colon[1] != ' ') {
		*column = (int)(colon - l) + 1;
		snprintf(out, size, "'%.*s' needs a space after the ':' to be a key and its value: "
			 "write '%.*s: %.*s'", (int)(n - i), l + i, (int)(colon - l - i), l + i,
			 (int)(l + n - colon - 1), colon + 1);
		return true;
	}
	if (colon)
		return false;
	if (word < n) {
		*column = (int)word + 1;
		snprintf(out, size, "'%.*s' is not 'key: value': write '%.*s: %.*s' (a ':' and a "
			 "space after the key)", (int)(n - i), l + i, (int)(word - i), l + i,
			 (int)(n - word - 1), l + word + 1);
		return true;
	}
	*column = (int)n + 1;
	snprintf(out, size, "'%.*s' has no ':' after it: write '%.*s:' (and its value after "
		 "the ':', or its keys indented under it)", (int)(n - i), l + i, (int)(n - i),
		 l + i);
	return true;
}

/*
 * A key line that lines up with no mapping above it: more indented than
 * the key on the line above, which has its value already. Names both
 * columns (and returns true); else says it in general.
 */
static bool misaligned_words(const struct lines *ls, int line, char *out, size_t size)
{
	size_t n = 0, m = 0;
	const char *l = line_text(ls, line, &n), *u = NULL;
	struct key_line k, above = { 0 };
	int at = line - 1;

	for (; at >= 1; at--) {
		u = line_text(ls, at, &m);
		if (u && !blank_line(u, m))
			break;
	}
	k = l ? read_key_line(l, n) : (struct key_line){ 0 };
	if (at >= 1 && u)
		above = read_key_line(u, m);
	if (k.is_key && above.is_key && k.indent > above.indent && above.value < m &&
	    k.key_len <= 40 && above.key_len <= 40) {
		snprintf(out, size,
			 "'%.*s:' starts at column %zu, indented under '%.*s:' (line %d), which "
			 "has its value already; start '%.*s:' at column %zu, like '%.*s:'",
			 (int)k.key_len, l + k.indent, k.indent + 1, (int)above.key_len,
			 u + above.indent, at, (int)k.key_len, l + k.indent, above.indent + 1,
			 (int)above.key_len, u + above.indent);
		return true;
	}
	/* less indented than the keys around it: the mapping's keys are further in */
	if (k.is_key && at >= 1 && k.key_len <= 40) {
		size_t pi = 0, pm = 0, child = 0;
		const char *pu = NULL;
		struct key_line parent = { 0 };
		int pat = at;

		for (; pat >= 1; pat--) {
			pu = line_text(ls, pat, &pm);
			if (!pu || blank_line(pu, pm))
				continue;
			parent = read_key_line(pu, pm);
			if (parent.indent < k.indent)
				break;
			child = parent.indent;
		}
		pi = parent.indent;
		if (pat >= 1 && parent.is_key && parent.key_len <= 40 && child > k.indent) {
			snprintf(out, size,
				 "'%.*s:' starts at column %zu, but the keys of '%.*s' (line %d) "
				 "start at column %zu: start it at column %zu to keep it in '%.*s', "
				 "or at column %zu for a key beside '%.*s'", (int)k.key_len,
				 l + k.indent, k.indent + 1, (int)parent.key_len, pu + pi, pat,
				 child + 1, child + 1, (int)parent.key_len, pu + pi, pi + 1,
				 (int)parent.key_len, pu + pi);
			return true;
		}
	}
	snprintf(out, size, "this line does not line up with the keys above it; start every "
		 "key at the same column");
	return false;
}

/*
 * libyaml's "did not find expected key" in a mapping, at byte at of line
 * (s, n bytes): a quote opened on an earlier line, a list item under no
 * key, text after a closing quote, or a key out of line.
 */
static void no_key_words(const struct lines *ls, const char *s, size_t n, size_t at, int line,
			 char *out, size_t size)
{
	size_t lead = 0;

	while (lead < n && s[lead] == ' ')
		lead++;
	size_t quotes = 0;
	int opened = 0;

	for (size_t i = 0; i < at && i < n; i++)
		quotes += s[i] == '"';
	/* an odd quote here closes one opened on an earlier line */
	for (int l = line - 1; quotes % 2 && l >= 1 && !opened; l--) {
		size_t ln = 0, q = 0;
		const char *t = line_text(ls, l, &ln);

		for (size_t i = 0; t && i < ln; i++)
			q += t[i] == '"';
		if (q % 2)
			opened = l;
	}
	if (opened)
		snprintf(out, size,
			 "the quote opened on line %d is not closed on that line, so the "
			 "value runs on into line %d; end it with '\"' on line %d",
			 opened, line, opened);
	else if (lead < n && s[lead] == '-')
		snprintf(out, size,
			 "a list item ('- ...') here belongs to no key; put it under a key "
			 "that ends with ':', indented, or write the list as [a, b]");
	else if (at > lead && at < n)
		snprintf(out, size,
			 "there is more after the closing quote; put the whole value inside "
			 "the quotes (inside single quotes, write '' for an apostrophe: "
			 "'it''s')");
	else
		misaligned_words(ls, line, out, size);
}

/*
 * libyaml's problem put in words a publisher can act on: what is wrong on
 * the line, and what to write instead. The mistakes people make in a spec
 * are few (a colon or a quote inside a value, a stray indent, a tab), so
 * each gets its own sentence; libyaml's words follow in brackets for the
 * rest. Writes "" when there is nothing better to say than libyaml's.
 */
static void plain_yaml_problem(const struct mb_yaml_trouble *p, const struct lines *ls, char *out,
			       size_t size)
{
	const char *problem = p->problem ? p->problem : "";
	const char *context = p->context ? p->context : "";
	int line = line_of(p->problem_mark), column = column_of(p->problem_mark);
	size_t n = 0, at;
	const char *s = line_text(ls, line, &n);
	struct key_line k;
	char value[80];

	out[0] = '\0';
	if (!s)
		s = "";
	at = byte_of_column(s, n, column);
	k = read_key_line(s, n);
	if (!k.is_key && k.indent + 1 < n && s[k.indent] == '-' && s[k.indent + 1] == ' ') {
		/* a list item's key: "- title: Part 2: Harder" */
		size_t i = k.indent + 1;
		struct key_line item;

		while (i < n && s[i] == ' ')
			i++;
		item = read_key_line(s + i, n - i);
		if (item.is_key && item.indent == 0) {
			k = item;
			k.indent += i;
			k.colon += i;
			k.value += i;
		}
	}
	quote_for_message(s + k.value, n - (k.value < n ? k.value : n), value, sizeof(value));
	if (strstr(problem, "mapping values are not allowed")) {
		if (k.is_key && at > k.colon)
			snprintf(out, size,
				 "the value of '%.*s' has a ': ' in it, which YAML reads as "
				 "another key; put the whole value in double quotes: %.*s: \"%s\"",
				 (int)k.key_len, s + k.indent, (int)k.key_len, s + k.indent, value);
		else if (k.indent)
			snprintf(out, size,
				 "this line is indented, so YAML reads it as part of the line "
				 "above, which does not open a section; start '%.*s:' at the "
				 "beginning of the line",
				 (int)k.key_len, s + k.indent);
	} else if (strstr(problem, "cannot start any token")) {
		char ch[8] = "";

		if (at < n)
			snprintf(ch, sizeof(ch), "%.*s",
				 (int)byte_of_column(s + at, n - at, 2), s + at);
		if (k.is_key && at >= k.value)
			snprintf(out, size,
				 "a YAML value cannot start with '%s'; put the value in double "
				 "quotes: %.*s: \"%s\"",
				 ch, (int)k.key_len, s + k.indent, value);
		else
			snprintf(out, size, "'%s' cannot start a line of a spec; each line is "
				 "'key: value'", ch);
	} else if (strstr(problem, "unknown escape character")) {
		snprintf(out, size,
			 "'%.*s' is not an escape YAML knows in double quotes; write '\\\\' for a "
			 "backslash, or put the value in single quotes",
			 at < n ? (int)byte_of_column(s + at, n - at, 3) : 0, s + at);
	} else if (strstr(problem, "unexpected end of stream") && strstr(context, "quoted")) {
		snprintf(out, size,
			 "the quoted text that starts at line %d, column %d is never closed: end "
			 "it with the same quote mark on that line",
			 line_of(p->context_mark), column_of(p->context_mark));
	} else if (strstr(problem, "tab character")) {
		snprintf(out, size, "line %d is indented with a tab; YAML indents with spaces "
			 "only: replace the tab with spaces", line);
	} else if (strstr(problem, "did not find expected key") &&
		   strstr(context, "block mapping")) {
		no_key_words(ls, s, n, at, line, out, size);
	} else if (strstr(problem, "could not find expected ':'")) {
		snprintf(out, size, "line %d has a key without a ':' after it; write 'key: value'",
			 line_of(p->context_mark));
	} else if (strstr(problem, "did not find expected ',' or '}'") ||
		   strstr(problem, "did not find expected ',' or ']'")) {
		bool map = strchr(problem, '}') != NULL;

		snprintf(out, size, "the '%c' at line %d, column %d is never closed with '%c'",
			 map ? '{' : '[', line_of(p->context_mark), column_of(p->context_mark),
			 map ? '}' : ']');
	} else if (strstr(problem, "<document start>")) {
		snprintf(out, size, "this line is not 'key: value' (a '%%' line may only come "
			 "before the first key)");
	}
}

/* libyaml's reader errors carry a byte offset, not a mark: count to it */
static enum mb_status reader_problem(const struct mb_yaml_trouble *r, const char *text,
				     size_t len)
{
	const struct mb_yaml_trouble *p = r;
	int line, column;
	size_t off = p->problem_offset < len ? p->problem_offset : len;
	char val[32] = "";
	const char *what = p->problem ? p->problem : "unreadable text";

	line = 1;
	column = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			line++;
			column = 1;
		} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
			column++;
		}
	}
	if (p->problem_value >= 0)
		snprintf(val, sizeof(val), " (byte 0x%02x)", (unsigned)p->problem_value);
	if (strstr(what, "UTF-8") || strstr(what, "utf-8"))
		return fail_at(r, line, column,
			"the file is not UTF-8 text here%s: save it as UTF-8 "
			"(YAML: %s)", val, what);
	if (strstr(what, "control characters"))
		return fail_at(r, line, column,
			"a control character%s is not allowed in a spec: delete "
			"it (YAML: %s)", val, what);
	return fail_at(r, line, column, "invalid YAML: %s%s", what, val);
}

/* Report libyaml's own error at its place, in plain words where we have them. */
enum mb_status mb_yaml_problem(const struct mb_yaml_trouble *r, const char *text, size_t len)
{
	const struct mb_yaml_trouble *p = r;
	char ctx[160] = "", plain[MB_ERROR_MESSAGE_MAX - 96];
	int line, column;
	bool own = false;
	struct lines ls = lines_of(text, len);
	enum mb_status status;	/* plain says all: libyaml's words would only confuse */

	if (p->kind == MB_YAML_MEMORY)
		return mb_error_set(r->err, MB_ERR_INTERNAL, "out of memory reading '%s'", r->name);
	if (p->kind == MB_YAML_READER)
		return reader_problem(r, text, len);
	if (p->context)
		snprintf(ctx, sizeof(ctx), " (%s at line %d, column %d)", p->context,
			 line_of(p->context_mark), column_of(p->context_mark));
	lines_index(&ls);
	plain_yaml_problem(p, &ls, plain, sizeof(plain));
	line = line_of(p->problem_mark);
	column = column_of(p->problem_mark);
	/* an unclosed quote or bracket is found far after it: point at where it opens */
	if (p->problem && p->context &&
	    (strstr(p->problem, "end of stream") || strstr(p->problem, "expected ',' or"))) {
		line = line_of(p->context_mark);
		column = column_of(p->context_mark);
	}
	if (p->problem) {
		size_t n = 0;
		const char *l = line_text(&ls, line_of(p->problem_mark), &n);
		int tab = l ? indent_tab(l, n) : 0, quote_line, quote_column, runs_to;
		char quote;

		if (tab) {
			/* libyaml's words for it vary ("cannot start any token"): say it */
			line = line_of(p->problem_mark);
			column = tab;
			snprintf(plain, sizeof(plain),
				 "line %d has a tab at column %d; indentation must use spaces, "
				 "not tabs: replace the tab with spaces", line, column);
			own = true;
		} else if (unclosed_quote(&ls,
					  strstr(p->problem, "end of stream") ? INT32_MAX
									      : line_of(p->problem_mark),
					  &quote_line, &quote_column, &quote, &runs_to)) {
			/* the quote that opens, not where libyaml gave up */
			line = quote_line;
			column = quote_column;
			unclosed_quote_words(quote_line, quote_column, quote, runs_to, plain,
					     sizeof(plain));
			own = true;
		} else if (strstr(p->problem, "could not find expected ':'") &&
			   no_colon_words(&ls, line_of(p->context_mark), plain, sizeof(plain),
					  &column)) {
			line = line_of(p->context_mark);
			own = true;
		} else if (strstr(p->problem, "expected '-' indicator") ||
			   (strstr(p->problem, "did not find expected key") && l)) {
			char words[sizeof(plain)];
			int at = column;

			list_problem_words(&ls, line_of(p->problem_mark), words, sizeof(words),
					   &at);
			if (words[0]) {
				line = line_of(p->problem_mark);
				column = at;
				snprintf(plain, sizeof(plain), "%s", words);
				own = true;
			} else if (strstr(p->problem, "did not find expected key") &&
				   misaligned_words(&ls, line_of(p->problem_mark), words,
						    sizeof(words))) {
				snprintf(plain, sizeof(plain), "%s", words);
				own = true;
			}
		}
	}
	free(ls.start);
	if (own)
		status = fail_at(r, line, column, "%s", plain);
	else if (plain[0])
		status = fail_at(r, line, column, "%s (YAML: %s)", plain,
				 p->problem ? p->problem : "cannot parse");
	else
		status = fail_at(r, line_of(p->problem_mark), column_of(p->problem_mark),
				 "invalid YAML: %s%s", p->problem ? p->problem : "cannot parse", ctx);
	return status;
}


/*
 * A scalar value of key that took in the lines after
 * it: a plain value that runs on into a line indented under the key and
 * ending in "name:" (YAML folds "level: easy" and "  grid: 9x9" under it
 * into "easy grid", then fails at the ':'), or a quoted value whose quote
 * closes only on a later line, where the line goes on (the next value's
 * opening quote taken for its end). Says which line and how to mend it.
 */
bool mb_yaml_folded(const char *text, size_t len, const struct mb_yaml_scalar *e,
		    const char *key, struct mb_place key_mark, char *out, size_t size,
		    struct mb_place *at)
{
	struct lines ls = lines_of(text, len);
	size_t end = e->end, n = 0;
	int line = line_of(e->end_at);
	const char *l;
	struct key_line k;
	char value[80];

	if (e->end_at.line == e->start_at.line || end > len)
		return false;
	if (e->quote == '\'' || e->quote == '"') {
		bool clean;
		int runs = quote_runs(text, len, e->start, &clean);
		char words[MB_ERROR_MESSAGE_MAX - 96];

		if (runs <= 0 || clean)
			return false;
		unclosed_quote_words(line_of(e->start_at), column_of(e->start_at),
				     text[e->start], line_of(e->start_at) + runs, words,
				     sizeof(words));
		return note_at(out, size, at, line_of(e->start_at), column_of(e->start_at), "%s",
			       words);
	}
	if (e->quote != 'p' || end >= len || text[end] != ':' ||
	    (end + 1 < len && !strchr(" \t\r\n", text[end + 1])))
		return false;
	l = line_text(&ls, line, &n);
	if (!l)
		return false;
	k = read_key_line(l, n);
	/* the key is what ends the value: its ':' is where the value stops */
	if (!k.is_key || k.key_len > 64 || l + k.colon != text + end ||
	    k.key_len > e->length)
		return false;
	quote_for_message(e->value, e->length, value, sizeof(value));
	if (!mb_schema_known_key(e->value + e->length - k.key_len))
		return note_at(out, size, at, line, (int)k.indent + 1,
				"'%.*s:' on line %d is indented under '%s:' (line %d), so YAML "
				"reads it as part of the value of '%s' (\"%s\"); if it is a key, "
				"start it at column %d like '%s:'; if it is part of the value, put "
				"the whole value in double quotes", (int)k.key_len, l + k.indent,
				line, key, line_of(key_mark), key, value, column_of(key_mark), key);
	return note_at(out, size, at, line, (int)k.indent + 1,
			"'%.*s:' on line %d is indented under '%s:' (line %d), so YAML reads it as "
			"part of the value of '%s' (\"%s\"); start '%.*s:' at column %d, like '%s:'",
			(int)k.key_len, l + k.indent, line, key, line_of(key_mark), key, value,
			(int)k.key_len, l + k.indent, column_of(key_mark), key);
}


bool mb_yaml_line_key(const char *text, size_t len, int line, const char **key,
		      size_t *key_len)
{
	size_t n = 0;
	struct lines ls = lines_of(text, len);
	const char *l = line_text(&ls, line, &n);
	struct key_line kl = l ? read_key_line(l, n) : (struct key_line){ 0 };

	if (!kl.is_key)
		return false;
	*key = l + kl.indent;
	*key_len = kl.key_len;
	return true;
}
