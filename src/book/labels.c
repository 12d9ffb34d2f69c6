/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The printed words of a book in English, German, French and Spanish,
 * inside and on the cover alike. Kept short and plain: the readers are
 * children.
 *
 * Spanish START is INICIO, not SALIDA: in a maze "la salida" is the way
 * out ("encuentra la salida" is how Spanish maze puzzles are set, and the
 * rules below say "callejón sin salida" for a dead end), so a SALIDA arrow
 * at the entrance reads as the exit. INICIO cannot be misread; META stays
 * the finish. German expert is "Profi", as German children's puzzle books
 * name their hardest level.
 */
#include "config.h"

#include "mazebook/book/labels.h"

#include <stdio.h>
#include <string.h>

#include "mazebook/base/xalloc.h"

/*
 * U+202F NARROW NO-BREAK SPACE, which French sets before : ; ? and !; a
 * string of its own, joined by the compiler ("\xaf" then "a" would be one
 * escape)
 */
#define NNBSP "\xe2\x80\xaf"

static const char *const level_keys[4] = { "easy", "medium", "hard", "expert" };

const struct mb_labels mb_labels_table[] = {
	{
		.language = "de",
		.maze = "Labyrinth %d",
		.start = "START",
		.finish = "ZIEL",
		.solutions = "Lösungen",
		.solution_long = "Lösung zu Labyrinth %d, Seite %d",
		.solution_short = "Labyrinth %d, Seite %d",
		.how_to_play_title = "So wird gespielt",
		.how_to_play = "Setze deinen Stift beim Pfeil START an und finde den Weg "
			       "durch das Labyrinth bis zum Pfeil ZIEL. Du darfst keine Wand "
			       "überqueren. Wenn du in einer Sackgasse landest, geh zurück und "
			       "probiere einen anderen Weg. Die Lösungen stehen hinten im Buch.",
		.level = "Stufe",
		.mazes = "Labyrinthe",
		.seed = "Startwert",
		.page = "Seite",
		.rebuild = "Mit dem Startwert lässt sich jedes Labyrinth dieses Buches "
			   "genau so wieder erzeugen.",
		.copyright = "Copyright ©",
		.published_by = "Verlag: %s",
		.level_names = { "leicht", "mittel", "schwer", "Profi" },
		.cover_badge = "LABYRINTHE",
		.cover_count = "%d Labyrinthe",
		.cover_level = "Stufe:",
		.cover_solutions = "Mit Lösungen",
		.cover_sample = "Beispiel",
		.cover_blurb = "%d Labyrinthe, jedes vom START bis zum ZIEL. Finde den Weg und vergleiche ihn mit "
			       "den Lösungen hinten im Buch.",
		.belongs_to = "Dieses Buch gehört",
		.name = "Name",
		.age = "Alter",
		.ramp = "Die Labyrinthe werden nach hinten schwerer: Jeder Abschnitt beginnt mit "
			"seinem leichtesten.",
		.centre_goal = "In den runden Labyrinthen ohne ZIEL-Pfeil ist das Ziel die "
			       "Mitte: Finde den Weg vom START bis in die Mitte.",
		.contents = "Inhalt",
		.section_mazes = "%d Labyrinthe",
		.certificate_title = "Urkunde",
		.certificate_awarded = "Diese Urkunde erhält",
		.certificate_text = "für den Weg durch alle %d Labyrinthe des Buches",
		.date = "Datum",
		.signed_by = "Unterschrift",
		.isbn = "ISBN",
		.rights = "Alle Rechte vorbehalten.",
		.colon = ": ",
	},
	{
		.language = "en",
		.maze = "Maze %d",
		.start = "START",
		.finish = "FINISH",
		.solutions = "Solutions",
		.solution_long = "Solution to maze %d, page %d",
		.solution_short = "Maze %d, page %d",
		.how_to_play_title = "How to play",
		.how_to_play = "Put your pencil at the START arrow and find a way through the "
			       "maze to the FINISH arrow. You may not cross a wall. If you reach "
			       "a dead end, go back and try another way. The solutions are at "
			       "the back of the book.",
		.level = "Level",
		.mazes = "Mazes",
		.seed = "Seed",
		.page = "Page",
		.rebuild = "The seed rebuilds every maze of this book exactly.",
		.copyright = "Copyright ©",
		.published_by = "Published by %s",
		.level_names = { "easy", "medium", "hard", "expert" },
		.cover_badge = "MAZES",
		.cover_count = "%d mazes",
		.cover_level = "Level:",
		.cover_solutions = "Solutions included",
		.cover_sample = "Sample maze",
		.cover_blurb = "%d mazes to solve, each one from START to FINISH. Find the way, then check it "
			       "against the solutions at the back of the book.",
		.belongs_to = "This book belongs to",
		.name = "Name",
		.age = "Age",
		.ramp = "The mazes get harder as you go: each section starts with its easiest.",
		.centre_goal = "In the round mazes with no FINISH arrow, the goal is the "
			       "centre: find the way from START to the middle.",
		.contents = "Contents",
		.section_mazes = "%d mazes",
		.certificate_title = "Certificate of Completion",
		.certificate_awarded = "This certificate is awarded to",
		.certificate_text = "for finding the way through all %d mazes of",
		.date = "Date",
		.signed_by = "Signed",
		.isbn = "ISBN",
		.rights = "All rights reserved.",
		.colon = ": ",
	},
	{
		.language = "es",
		.maze = "Laberinto %d",
		.start = "INICIO",
		.finish = "META",
		.solutions = "Soluciones",
		.solution_long = "Solución del laberinto %d, página %d",
		.solution_short = "Laberinto %d, página %d",
		.how_to_play_title = "Cómo se juega",
		.how_to_play = "Pon tu lápiz en la flecha de INICIO y busca un camino por el "
			       "laberinto hasta la flecha de META. No puedes cruzar ninguna "
			       "pared. Si llegas a un callejón sin salida, vuelve atrás y prueba "
			       "otro camino. Las soluciones están al final del libro.",
		.level = "Nivel",
		.mazes = "Laberintos",
		.seed = "Semilla",
		.page = "Página",
		.rebuild = "La semilla vuelve a crear cada laberinto de este libro tal cual.",
		.copyright = "Copyright ©",
		.published_by = "Publicado por %s",
		.level_names = { "fácil", "medio", "difícil", "experto" },
		.cover_badge = "LABERINTOS",
		.cover_count = "%d laberintos",
		.cover_level = "Nivel:",
		.cover_solutions = "Con soluciones",
		.cover_sample = "Ejemplo",
		.cover_blurb = "%d laberintos para resolver, del INICIO a la META. Encuentra el camino y "
			       "compruébalo con las soluciones al final del libro.",
		.belongs_to = "Este libro pertenece a",
		.name = "Nombre",
		.age = "Edad",
		.ramp = "Los laberintos se vuelven más difíciles a medida que avanzas: cada "
			"sección empieza por el más fácil.",
		.centre_goal = "En los laberintos redondos sin flecha de META, la meta es el "
			       "centro: busca el camino desde el INICIO hasta el medio.",
		.contents = "Índice",
		.section_mazes = "%d laberintos",
		.certificate_title = "Diploma",
		.certificate_awarded = "Este diploma se otorga a",
		.certificate_text = "por encontrar el camino en los %d laberintos de",
		.date = "Fecha",
		.signed_by = "Firma",
		.isbn = "ISBN",
		.rights = "Todos los derechos reservados.",
		.colon = ": ",
	},
	{
		.language = "fr",
		.maze = "Labyrinthe %d",
		.start = "DÉPART",
		.finish = "ARRIVÉE",
		.solutions = "Solutions",
		.solution_long = "Solution du labyrinthe %d, page %d",
		.solution_short = "Labyrinthe %d, page %d",
		.how_to_play_title = "Comment jouer",
		.how_to_play = "Pose ton crayon sur la flèche DÉPART et trouve un chemin à "
			       "travers le labyrinthe jusqu’à la flèche ARRIVÉE. Tu ne dois "
			       "traverser aucun mur. Si tu arrives dans une impasse, reviens en "
			       "arrière et essaie un autre chemin. Les solutions sont à la fin "
			       "du livre.",
		.level = "Niveau",
		.mazes = "Labyrinthes",
		.seed = "Graine",
		.page = "Page",
		.rebuild = "La graine permet de recréer chaque labyrinthe de ce livre à "
			   "l’identique.",
		.copyright = "Copyright ©",
		.published_by = "Publié par %s",
		.level_names = { "facile", "moyen", "difficile", "expert" },
		.cover_badge = "LABYRINTHES",
		.cover_count = "%d labyrinthes",
		.cover_level = "Niveau" NNBSP ":",
		.cover_solutions = "Solutions incluses",
		.cover_sample = "Exemple",
		.cover_blurb = "%d labyrinthes à résoudre, du DÉPART à l’ARRIVÉE. Trouve le chemin, puis "
			       "vérifie-le avec les solutions à la fin du livre.",
		.belongs_to = "Ce livre appartient à",
		.name = "Nom",
		.age = "Âge",
		.ramp = "Les labyrinthes deviennent plus difficiles au fil des pages" NNBSP ": chaque "
			"partie commence par le plus facile.",
		.centre_goal = "Dans les labyrinthes ronds sans flèche ARRIVÉE, l’arrivée est "
			       "le centre" NNBSP ": trouve le chemin du DÉPART jusqu’au milieu.",
		.contents = "Sommaire",
		.section_mazes = "%d labyrinthes",
		.certificate_title = "Diplôme",
		.certificate_awarded = "Ce diplôme est décerné à",
		.certificate_text = "pour avoir trouvé le chemin des %d labyrinthes de",
		.date = "Date",
		.signed_by = "Signature",
		.isbn = "ISBN",
		.rights = "Tous droits réservés.",
		.colon = NNBSP ": ",
	},
};

const size_t mb_labels_count = sizeof(mb_labels_table) / sizeof(mb_labels_table[0]);

const struct mb_labels *mb_labels_find(const char *language)
{
	if (!language)
		language = "en";
	for (size_t i = 0; i < mb_labels_count; i++)
		if (strcmp(mb_labels_table[i].language, language) == 0)
			return &mb_labels_table[i];
	return NULL;
}

const struct mb_labels *mb_labels_lookup(const char *language, struct mb_error *err)
{
	const struct mb_labels *labels = mb_labels_find(language);
	char list[64] = "";
	size_t used = 0;

	if (labels)
		return labels;
	for (size_t i = 0; i < mb_labels_count && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? ", " : "", mb_labels_table[i].language);
	mb_error_set(err, MB_ERR_INPUT, "unknown language '%s' (valid: %s)", language, list);
	return NULL;
}

const char *mb_labels_format(const char *tmpl, int a, int b, char *buf, size_t size)
{
	int args[2] = { a, b };
	int next = 0;
	size_t used = 0;

	if (size == 0)
		return buf;
	for (const char *p = tmpl; *p && used + 1 < size; p++) {
		if (p[0] == '%' && p[1] == 'd') {
			char num[16];
			size_t len;

			snprintf(num, sizeof(num), "%d", next < 2 ? args[next] : 0);
			next++;
			len = strlen(num);
			if (len > size - 1 - used)
				len = size - 1 - used;
			memcpy(buf + used, num, len);
			used += len;
			p++;
		} else if (p[0] == '%' && p[1] == '%') {
			buf[used++] = '%';
			p++;
		} else {
			buf[used++] = *p;
		}
	}
	buf[used] = '\0';
	return buf;
}

size_t mb_labels_words(const struct mb_labels *l, const char **words, size_t max)
{
	const char *all[] = { l->maze, l->start, l->finish, l->solutions, l->solution_long,
			      l->solution_short, l->how_to_play_title, l->how_to_play, l->level,
			      l->mazes, l->seed, l->page, l->rebuild, l->copyright,
			      l->published_by, l->level_names[0], l->level_names[1],
			      l->level_names[2], l->level_names[3], l->cover_badge,
			      l->cover_count, l->cover_level, l->cover_solutions,
			      l->cover_sample, l->cover_blurb, l->belongs_to, l->name, l->age,
			      l->ramp, l->contents, l->section_mazes, l->certificate_title,
			      l->certificate_awarded, l->certificate_text, l->date, l->signed_by,
			      l->isbn, l->rights, l->colon };
	size_t n = sizeof(all) / sizeof(all[0]);

	_Static_assert(sizeof(all) / sizeof(all[0]) <= MB_LABELS_WORDS_MAX,
		       "raise MB_LABELS_WORDS_MAX");
	for (size_t i = 0; i < n && i < max; i++)
		words[i] = all[i];
	return n;
}

const char *mb_labels_level_name(const struct mb_labels *labels, const char *level)
{
	for (size_t i = 0; i < 4; i++)
		if (strcmp(level_keys[i], level) == 0)
			return labels->level_names[i];
	return level;
}

/* the bytes of a space at s (U+0020, U+00A0, U+2009, U+202F), or 0 */
static size_t space_at(const char *s)
{
	if (s[0] == ' ')
		return 1;
	if (!strncmp(s, "\xc2\xa0", 2))
		return 2;
	if (!strncmp(s, "\xe2\x80\x89", 3) || !strncmp(s, NNBSP, 3))
		return 3;
	return 0;
}

char *mb_labels_typeset(const struct mb_labels *l, const char *text)
{
	/* each space becomes at most 3 bytes: a run of them at worst stays as long */
	char *out = xmalloc(3 * strlen(text) + 1), *o = out;

	if (!l || strcmp(l->language, "fr")) {
		strcpy(out, text);
		return out;
	}
	for (const char *p = text; *p;) {
		const char *q = p;
		size_t n;

		while ((n = space_at(q)))
			q += n;
		if (q > p && *q && strchr(":;?!", *q)) {
			memcpy(o, NNBSP, 3);
			o += 3;
			p = q;
		} else if (q > p) {
			memcpy(o, p, (size_t)(q - p));
			o += q - p;
			p = q;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}
