/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The preflight's reading of printed words: placeholder text left in the
 * PDF (placeholders.def), and the number of mazes a cover promises
 * (mb_text_maze_count) checked against the book's.
 */
#include "config.h"
#include "mazebook/kdp/preflight.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mazebook/base/xalloc.h"
#include "preflight_internal.h"

/* ---- placeholder text ---- */

static const char *const placeholders[] = {
#define PLACEHOLDER(language, text) text,
#include "placeholders.def"
};

/* UTF-8 lower case for ASCII and Latin-1 letters, runs of space as one, ’ as ' */
static size_t fold_text(const char *s, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 4 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xa0) {
			if (n && out[n - 1] != ' ')
				out[n++] = ' ';
		} else if (c >= 'A' && c <= 'Z') {
			out[n++] = (char)(c + 32);
		} else if (c == 0xc3 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 &&
			   (unsigned char)s[i + 1] <= 0x9e && (unsigned char)s[i + 1] != 0x97) {
			out[n++] = (char)c;
			out[n++] = (char)((unsigned char)s[++i] + 0x20);
		} else if (c == 0xe2 && i + 2 < len && (unsigned char)s[i + 1] == 0x80 &&
			   (unsigned char)s[i + 2] == 0x99) {
			out[n++] = '\'';
			i += 2;
		} else {
			out[n++] = (char)c;
		}
	}
	out[n] = '\0';
	return n;
}

bool mb_placeholder_find(const char *text, size_t len, char *found, size_t found_size)
{
	size_t size = len + 8;
	char *folded;
	bool hit = false;

	if (!text || !len)
		return false;
	folded = xmalloc(size);
	fold_text(text, len, folded, size);
	for (size_t i = 0; i < sizeof(placeholders) / sizeof(placeholders[0]) && !hit; i++)
		if (strstr(folded, placeholders[i])) {
			hit = true;
			if (found_size)
				snprintf(found, found_size, "%s", placeholders[i]);
		}
	free(folded);
	return hit;
}

void pf_check_placeholders(const struct mb_probe_file *f, bool cover, struct mb_checklist *cl)
{
	struct pagelist pl = { 0 };
	const char *id = cover ? "cover.placeholder" : "interior.placeholder";
	char first[64] = "", found[64], msg[400], pages[120];

	for (size_t i = 0; i < f->page_measured; i++) {
		const struct mb_probe_page *p = &f->pages[i];
		bool marked = false;

		if (!mb_placeholder_find(p->text, p->text_len, found, sizeof(found)))
			continue;
		pf_pl_add(&pl, p->number);
		if (!first[0])
			snprintf(first, sizeof(first), "%s", found);
		for (size_t k = 0; k < p->item_count && !marked; k++) {
			const struct mb_probe_item *it = &p->items[k];
			char one[64];

			if (it->kind == MB_ITEM_TEXT && it->text_off + it->text_len <= p->text_len &&
			    mb_placeholder_find(p->text + it->text_off, it->text_len, one, sizeof(one))) {
				mb_checklist_mark(cl, cover, p->number, &it->box, "placeholder: \"%s\"", one);
				marked = true;
			}
		}
		if (!marked)	/* across spans, or invisible */
			mb_checklist_mark(cl, cover, p->number, NULL, "placeholder: \"%s\"", found);
	}
	if (!pl.count) {
		mb_checklist_add(cl, id, MB_CHECK_PASS, cover ? "1" : "", "none", "none",
				 "no placeholder text (specs/placeholders.def)");
		return;
	}
	snprintf(msg, sizeof(msg), "placeholder text \"%s\" on %s: replace it with your own words "
		 "(KDP rejects placeholder text)", first, pf_on_pages(&pl, pages, sizeof(pages)));
	mb_checklist_add(cl, id, MB_CHECK_FAIL, "", first, "none", "%s", msg);
	pf_pl_text(&pl, cl->checks[cl->count - 1].pages, sizeof(cl->checks[0].pages));
	pf_pl_free(&pl);
}

/* does the n bytes at s hold the string w? */
static bool has_bytes(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);

	for (size_t i = 0; m && i + m <= n; i++)
		if (!memcmp(s + i, w, m))
			return true;
	return false;
}

/* does the word at s (folded) begin with one of words? whole word when exact */
static bool word_in(const char *s, const char *const *words, size_t n, bool exact)
{
	size_t len = strcspn(s, " ");

	if (len > 1 && s[len - 1] == '.')
		len--;	/* "Vol." is "vol"; "Book:" is another word */
	for (size_t i = 0; i < n; i++) {
		size_t m = strlen(words[i]);

		if (exact ? len == m && !strncmp(s, words[i], m) : !strncmp(s, words[i], m))
			return true;
	}
	return false;
}

#define WORD_IN(s, words, exact) word_in(s, words, sizeof(words) / sizeof(words[0]), exact)

/* does word (folded, at s) name mazes in a language mazebook prints? */
static bool mazes_word(const char *s)
{
	static const char *const stems[] = { "maze", "labyrinth", "laberint" };

	return WORD_IN(s, stems, false);
}

/*
 * Words after which a number names something else than a count: a volume,
 * book, part or issue ("Volume 2"), an age or a grade ("Ages 4-6", "Age 6+",
 * "Grade 3", "ab 6"), a level or a year ("Level 3", "Summer 2026" is read
 * by its digits), in the languages mazebook prints.
 */
static const char *const number_of_words[] = {
	"vol", "volume", "book", "part", "no", "nr", "issue", "edition", "band", "tome", "tomo",
	"libro", "buch", "teil", "heft", "livre", "numero", "número", "#",
	"age", "ages", "aged", "kids", "toddlers", "preschool", "grade", "grades", "class",
	"level", "levels", "stage", "set", "top", "alter", "ab", "klasse", "edad", "edades",
	"âge", "âges", "dès", "niveau", "nivel", "year", "years", "in",
};

/* Words after a number that make it an age, a length or a grade ("4 Years", "5 Minute") */
static const char *const number_unit_words[] = {
	"year", "years", "yr", "yrs", "y/o", "yo", "month", "months", "minute", "minutes", "min",
	"day", "days", "week", "weeks", "hour", "hours", "grade", "grades", "jahre", "jahren",
	"jahr", "años", "año", "ans", "an", "mois", "minuten", "minutos", "in", "inch", "x",
	"page", "pages", "seiten", "páginas", "level", "levels",
};

/* Words that end the phrase a count belongs to ("101 for Kids" counts no mazes) */
static const char *const phrase_end_words[] = {
	"for", "and", "with", "of", "in", "to", "from", "by", "or", "&", "für", "und", "mit",
	"para", "y", "con", "pour", "et", "avec", "de", "|",
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* a letter of a word: ASCII letters and every byte of a UTF-8 sequence */
static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (unsigned char)c >= 0x80;
}

/* the start of the word before position c (folded text t), or NULL */
static const char *word_before(const char *t, const char *c)
{
	const char *end = c, *start;

	while (end > t && (end[-1] == ' ' || end[-1] == '.' || end[-1] == ','))
		end--;
	if (end == c && c > t && c[-1] != ' ')
		return NULL;	/* glued to the number: "#2" is handled by the caller */
	start = end;
	while (start > t && start[-1] != ' ')
		start--;
	return start < end ? start : NULL;
}

/*
 * Is the number from c to e (folded text t) a count at all? Not when it is
 * part of a word ("2nd", "3D", "Maze4Kids", "2-in-1"), a range ("4-6", "8-12",
 * "4 to 8"), a date or decimal ("12/24", "2.5"), a year (1900 to 2099), a
 * volume's "#2", or an age or length before its unit ("4 Years",
 * "5-Minute"). A number after an age or volume word is judged by the caller.
 */
static bool may_be_count(const char *t, const char *c, const char *e, long n)
{
	const char *before;

	if (c > t && (is_letter(c[-1]) || c[-1] == '#' || c[-1] == '/' || c[-1] == '-' ||
		      ((c[-1] == '.' || c[-1] == ',' || c[-1] == ':') && c - 1 > t &&
		       is_digit(c[-2]))))
		return false;
	if (is_letter(*e) || *e == '-' || *e == '/' || *e == '%' || *e == ':' ||
	    ((*e == '.' || *e == ',') && is_digit(e[1])))
		return false;
	if (e - c == 4 && n >= 1900 && n <= 2099)
		return false;
	if ((before = word_before(t, c)) && !strncmp(before, "to ", 3))
		return false;
	while (*e == '+' || *e == ' ')
		e++;
	if (WORD_IN(e, number_unit_words, true) || !strncmp(e, "to ", 3) || *e == '-')
		return false;
	return true;
}

/* en and em dashes read as hyphens: "Ages 4–6" is the range "4-6" */
static void dashes_to_hyphens(char *t)
{
	char *d;

	while ((d = strstr(t, "\xe2\x80\x93")) || (d = strstr(t, "\xe2\x80\x94"))) {
		*d = '-';
		memmove(d + 1, d + 3, strlen(d + 3) + 1);
	}
}

/* "Over 100 Mazes", "more than 100", "at least 100": a lower bound */
static bool after_at_least_word(const char *t, const char *c)
{
	static const char *const words[] = { "over", "über", "than", "least" };
	const char *before = word_before(t, c);

	return before && WORD_IN(before, words, true);
}

long mb_text_maze_count(const char *text, size_t len, int mazes)
{
	char *t = xmalloc(len + 8);
	long agree = -1, other = -1;

	fold_text(text ? text : "", len, t, len + 8);
	dashes_to_hyphens(t);
	for (const char *c = t; *c && other < 0; c++) {
		const char *e, *before;
		bool at_least;
		long n;

		if (!is_digit(*c) || (c > t && is_digit(c[-1])))
			continue;
		n = strtol(c, (char **)&e, 10);
		if (!may_be_count(t, c, e, n))
			continue;
		at_least = *e == '+' || after_at_least_word(t, c);	/* "100+ Mazes" */
		e += at_least;
		/*
		 * The number, then the word for mazes, with at most two words
		 * between ("60 Easy Mazes", "100 Large Print Mazes") and no other
		 * number nor a word that ends the phrase ("101 for Kids Mazes").
		 */
		for (int words = 0; words < 3 && *e; words++) {
			while (*e == ' ')
				e++;
			if (is_digit(*e) || WORD_IN(e, phrase_end_words, true))
				break;
			if (mazes_word(e)) {
				/* "Volume 2 Mazes", "Ages 6 Mazes": a volume, an age */
				if ((before = word_before(t, c)) &&
				    WORD_IN(before, number_of_words, true))
					break;
				if (n == mazes || (at_least && mazes >= n))
					agree = mazes;
				else
					other = n;
				break;
			}
			e += strcspn(e, " ");
		}
	}
	free(t);
	return other >= 0 ? other : agree;
}

/*
 * Is text item b the same text as the earlier item a, drawn again where it
 * stands (a drop shadow a few points off, an outline stroked under the
 * fill)? The reader sees one run.
 */
static bool same_run_again(const struct mb_probe_page *p, const struct mb_probe_item *a,
			   const struct mb_probe_item *b)
{
	double h = fmax(a->box.y1 - a->box.y0, b->box.y1 - b->box.y0);
	double near = fmax(3.0, 0.35 * h);

	return a->text_len == b->text_len &&
	       !memcmp(p->text + a->text_off, p->text + b->text_off, a->text_len) &&
	       fabs(a->box.x0 - b->box.x0) <= near && fabs(a->box.y0 - b->box.y0) <= near &&
	       fabs(a->box.x1 - b->box.x1) <= near && fabs(a->box.y1 - b->box.y1) <= near;
}

/*
 * Does run b read on from run a: the next words on its line, or the next
 * line of the same block (a badge's "100" over its "MAZES")? Runs far apart
 * (the spine's title and the front's) are separate phrases.
 */
static bool reads_on(const struct mb_probe_item *a, const struct mb_probe_item *b)
{
	double h = fmax(a->box.y1 - a->box.y0, b->box.y1 - b->box.y0);
	double x_gap = fmax(a->box.x0, b->box.x0) - fmin(a->box.x1, b->box.x1);
	double y_gap = fmax(a->box.y0, b->box.y0) - fmin(a->box.y1, b->box.y1);

	return x_gap < 1.5 * h && y_gap < 1.2 * h;
}

/*
 * The page's text with each run read once: a run drawn again over itself
 * (shadow, outline, fake bold) is left out, and runs that do not read on
 * from each other are kept apart by " | " (a phrase's end to the count
 * reader). Without text items (a file probed without them), the text as
 * it is. The caller frees *out.
 */
static size_t text_read_once(const struct mb_probe_page *p, char **out)
{
	const struct mb_probe_item *last = NULL;
	size_t n = 0, runs = 0;
	char *t;

	for (size_t k = 0; k < p->item_count; k++)
		runs += p->items[k].kind == MB_ITEM_TEXT && p->items[k].text_len;
	if (!runs) {
		*out = xmalloc(p->text_len + 1);
		memcpy(*out, p->text ? p->text : "", p->text_len);
		(*out)[p->text_len] = '\0';
		return p->text_len;
	}
	t = xmalloc(p->text_len + 3 * p->item_count + 1);
	for (size_t k = 0; k < p->item_count; k++) {
		const struct mb_probe_item *it = &p->items[k];
		bool again = false;

		if (it->kind != MB_ITEM_TEXT || !it->text_len ||
		    it->text_off + it->text_len > p->text_len)
			continue;
		for (size_t j = 0; j < k && !again; j++)
			again = p->items[j].kind == MB_ITEM_TEXT &&
				p->items[j].text_off + p->items[j].text_len <= p->text_len &&
				same_run_again(p, &p->items[j], it);
		if (again)
			continue;
		if (last && !reads_on(last, it)) {
			memcpy(t + n, "| ", 2);
			n += 2;
		}
		memcpy(t + n, p->text + it->text_off, it->text_len);
		n += it->text_len;
		t[n++] = ' ';
		last = it;
	}
	t[n] = '\0';
	*out = t;
	return n;
}

void mb_preflight_cover_count(const struct mb_probe_file *f, int mazes, struct mb_checklist *cl)
{
	const struct mb_probe_page *p;
	char limit[48], *once;
	size_t once_len;
	long said;

	if (mazes <= 0 || f->page_measured == 0)
		return;
	p = &f->pages[0];
	snprintf(limit, sizeof(limit), "%d maze%s", mazes, plural(mazes));
	once_len = text_read_once(p, &once);
	said = mb_text_maze_count(once, once_len, mazes);
	free(once);
	if (said < 0)
		mb_checklist_add(cl, "cover.count", MB_CHECK_PASS, "1", "no count", limit,
				 "the cover names no number of mazes");
	else if (said == mazes)
		mb_checklist_add(cl, "cover.count", MB_CHECK_PASS, "1", limit, limit,
				 "the cover says %ld mazes, as the book has", said);
	else {
		char measured[48];

		snprintf(measured, sizeof(measured), "%ld mazes", said);
		mb_checklist_add(cl, "cover.count", MB_CHECK_FAIL, "1", measured, limit,
				 "the cover says %ld mazes but the book has %d: change the number "
				 "in the cover's words, or the number of mazes", said, mazes);
		char digits[24];
		const struct mb_probe_item *where = NULL;

		/* outline the text run that prints the number, when one does */
		snprintf(digits, sizeof(digits), "%ld", said);
		for (size_t k = 0; k < p->item_count && !where; k++) {
			const struct mb_probe_item *it = &p->items[k];

			if (it->kind == MB_ITEM_TEXT && it->text_off + it->text_len <= p->text_len &&
			    has_bytes(p->text + it->text_off, it->text_len, digits))
				where = it;
		}
		mb_checklist_mark(cl, true, 1, where ? &where->box : NULL,
				  "count: the cover says %ld, the book has %d", said, mazes);
	}
}
