/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * Labels: the line of text that names a maze ("Maze 12", "Lösung 4") and
 * the page it points to; folios.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mpmaze.h"
#include "mpmaze_int.h"
#include "mputil.h"

/*
 * Words that name a maze, its solution or its puzzle in the labels of the
 * book's languages (English, German, Spanish, French, and Italian and
 * Dutch for good measure), whole words in the singular: "Maze 3" is a
 * label, "Christmas Mazes 2026" and "Mazes 101 for Kids" are titles.
 * French's one "Labyrinthe" is German's many; German's "Rätsel" and
 * Spanish's "rompecabezas" are both, so those three are read either way.
 */
static const char *const maze_words[] = {
	"maze", "solution", "answer", "puzzle",
	"labyrinth", "lösung", "rätsel", "antwort",
	"laberinto", "solución", "respuesta", "rompecabezas",
	"labyrinthe", "réponse", "énigme",
	"labirinto", "soluzione", "doolhof", "oplossing"
};

/* words that say the next number is a page */
static const char *const page_words[] = {
	"page", "pages", "p.", "pp.", "seite", "s.", "página", "pagina", "pág.", "pag.",
	"bladzijde", "blz."
};

/* words that say the next number is a count ("Maze 1 of 4") */
static const char *const count_words[] = { "of", "von", "de", "sur", "di", "van", "/" };

/* a letter, in ASCII or any byte of a UTF-8 sequence */
static bool letter(unsigned char c)
{
	return isalpha(c) || c >= 0x80;
}

/*
 * The length of word (lower case) at s in any case, 0 when it is not
 * there as a whole word: ASCII capitals and UTF-8's Latin-1 ones ("LÖSUNG",
 * "RÉPONSE": C3 80 to C3 9E, each 0x20 below its small letter) fold.
 */
static size_t word_at(const char *s, const char *word)
{
	size_t i;

	for (i = 0; word[i]; i++) {
		unsigned char a = (unsigned char)s[i], b = (unsigned char)word[i];

		if (a >= 'A' && a <= 'Z')
			a += 'a' - 'A';
		else if (i > 0 && (unsigned char)s[i - 1] == 0xC3 && a >= 0x80 && a <= 0x9E &&
			 a != 0x97)
			a += 0x20;
		if (a != b)
			return 0;
	}
	return letter((unsigned char)s[i]) ? 0 : i;
}

/*
 * The number right after a naming word ("Maze 12", "MAZE: 12", "Maze #3"):
 * only spaces and punctuation may come between, so "Maze Madness 3" or
 * "60 Easy Mazes for Ages 5-7" name no maze.
 */
static const char *named_number(const char *p)
{
	while (*p && !isalnum((unsigned char)*p) && !((unsigned char)*p & 0x80))
		p++;
	return isdigit((unsigned char)*p) ? p : NULL;
}

/* a word starts at s: the text before it is not a letter */
static bool word_start(const char *text, const char *s)
{
	return s == text || !letter((unsigned char)s[-1]);
}

/*
 * Where the label's number starts: after a naming word or '#'; NULL when
 * the text is in no label's form (a title, a running head, a folio, "Ages
 * 4-6": a number without its word names no maze).
 */
static const char *number_start(const char *text)
{
	for (const char *s = text; *s; s++) {
		size_t len;

		if (*s == '#' && isdigit((unsigned char)s[1]))
			return s + 1;
		if (!word_start(text, s))
			continue;
		for (size_t k = 0; k < sizeof maze_words / sizeof maze_words[0]; k++) {
			const char *p;

			if ((len = word_at(s, maze_words[k])) && (p = named_number(s + len)))
				return p;
		}
	}
	return NULL;
}

static int to_number(const char *p)
{
	long v = strtol(p, NULL, 10);

	return v > 0 && v < 1000000 ? (int)v : -1;
}

int mb_mp_label_number(const char *text)
{
	const char *p = number_start(text);

	return p ? to_number(p) : -1;
}

/* Does one of words[] (n) end just before p, after spaces and punctuation? */
static bool word_before(const char *text, const char *p, const char *const *words, size_t n)
{
	const char *e = p;

	while (e > text && (e[-1] == ' ' || e[-1] == '(' || e[-1] == ':' || e[-1] == ','))
		e--;
	for (size_t k = 0; k < n; k++) {
		size_t len = strlen(words[k]);

		if ((size_t)(e - text) >= len && strncasecmp(e - len, words[k], len) == 0 &&
		    word_start(text, e - len))
			return true;
	}
	return false;
}

int mb_mp_label_page(const char *text)
{
	const char *p = number_start(text);

	if (!p)
		return -1;
	while (isdigit((unsigned char)*p))
		p++;
	for (;;) {
		while (*p && !isdigit((unsigned char)*p))
			p++;
		if (!*p)
			return -1;
		if (word_before(text, p, count_words, sizeof count_words / sizeof count_words[0]))
			return -1;	/* "Maze 1 of 4": a count */
		if (word_before(text, p, page_words, sizeof page_words / sizeof page_words[0]))
			return to_number(p);
		while (isdigit((unsigned char)*p))
			p++;
	}
}

int mb_mp_folio(const char *text)
{
	const char *p = text;
	int v;

	while (*p == ' ' || *p == '-' || *p == '[' || *p == '(')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	v = to_number(p);
	while (isdigit((unsigned char)*p))
		p++;
	while (*p == ' ' || *p == '-' || *p == ']' || *p == ')')
		p++;
	return *p ? -1 : v;
}

struct text_line {
	char text[160];
	double x0, x1, baseline, size;
};

static int cmp_text(const void *a, const void *b)
{
	const struct mb_mp_text *s = a, *t = b;

	if (fabs(s->baseline - t->baseline) > 0.3 * fmax(s->size_pt, t->size_pt))
		return s->baseline < t->baseline ? -1 : 1;
	return (s->x0 > t->x0) - (s->x0 < t->x0);
}

/* Join spans that sit on one baseline next to each other into lines of text. */
static size_t text_lines(const struct mb_mp_page *page, struct text_line **out)
{
	struct mb_mp_text *spans = mb_mp_xmalloc((page->ntexts ? page->ntexts : 1) * sizeof *spans);
	struct text_line *lines = mb_mp_xcalloc(page->ntexts ? page->ntexts : 1, sizeof *lines);
	size_t n = 0;

	if (page->ntexts)
		memcpy(spans, page->texts, page->ntexts * sizeof *spans);
	qsort(spans, page->ntexts, sizeof *spans, cmp_text);
	for (size_t k = 0; k < page->ntexts; k++) {
		const struct mb_mp_text *t = &spans[k];
		struct text_line *l = n ? &lines[n - 1] : NULL;

		if (l && fabs(t->baseline - l->baseline) <= 0.3 * fmax(t->size_pt, l->size) &&
		    t->x0 >= l->x1 - 0.5 * l->size &&
		    t->x0 <= l->x1 + MB_MP_WORD_GAP * fmax(t->size_pt, l->size)) {
			size_t len = strlen(l->text);

			if (t->x0 > l->x1 + 0.15 * l->size && len + 1 < sizeof l->text && len &&
			    l->text[len - 1] != ' ')
				l->text[len++] = ' ';
			snprintf(l->text + len, sizeof l->text - len, "%s", t->utf8);
			l->x1 = fmax(l->x1, t->x1);
			continue;
		}
		l = &lines[n++];
		snprintf(l->text, sizeof l->text, "%s", t->utf8);
		l->x0 = t->x0;
		l->x1 = t->x1;
		l->baseline = t->baseline;
		l->size = t->size_pt;
	}
	free(spans);
	*out = lines;
	return n;
}

/*
 * Where a line stands from maze m, when it stands where m's label belongs:
 * above m (its baseline no lower than half its size below m's top), over
 * m's columns or beside them by at most half m's width. The distance is
 * the height above m's top plus three times the gap beside its columns;
 * -1 when the line is not placed as m's label.
 */
static double label_distance(const struct text_line *l, const struct mb_mp_maze *m)
{
	double top = m->y_pt, left = m->x_pt, right = m->x_pt + m->w * m->cell_w_pt;
	double above = top - l->baseline;
	double aside = fmax(0, fmax(left - l->x1, l->x0 - right));

	/* beside the maze's own columns, a label is a neighbour's more likely than its own */
	if (m->w <= 0 || above < -0.5 * l->size || aside > 0.5 * (right - left))
		return -1;
	return fmax(0, above) + 3 * aside;
}

void mb_mp_label_mazes(const struct mb_mp_page *page, struct mb_mp_maze **mazes, size_t n)
{
	struct text_line *lines;
	size_t nlines = text_lines(page, &lines);
	double *best = mb_mp_xmalloc((n ? n : 1) * sizeof *best);

	for (size_t a = 0; a < n; a++) {
		mazes[a]->number = mazes[a]->label_page = -1;
		mazes[a]->label[0] = 0;
		best[a] = INFINITY;
	}
	for (size_t k = 0; k < nlines; k++) {
		const struct text_line *l = &lines[k];
		int num = mb_mp_label_number(l->text);
		size_t owner = n;
		double near = INFINITY;

		if (num < 0)
			continue;
		/* the line belongs to the nearest maze it stands above, no other */
		for (size_t a = 0; a < n; a++) {
			double d = label_distance(l, mazes[a]);

			if (d >= 0 && d < near) {
				near = d;
				owner = a;
			}
		}
		/* and that maze takes the nearest of the lines that belong to it */
		if (owner == n || near >= best[owner])
			continue;
		best[owner] = near;
		mazes[owner]->number = num;
		mazes[owner]->label_page = mb_mp_label_page(l->text);
		snprintf(mazes[owner]->label, sizeof mazes[owner]->label, "%s", l->text);
	}
	free(best);
	free(lines);
}
