/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The printed words of a book in English, German, French and Spanish.
 * Kept short and plain: the readers are children.
 */
#include "config.h"

#include "mazebook/labels.h"

#include <stdio.h>
#include <string.h>

static const char *const level_keys[4] = { "easy", "medium", "hard", "expert" };

const struct mb_labels mb_labels_table[] = {
	{
		.language = "de",
		.maze = "Labyrinth %d",
		.start = "START",
		.finish = "ZIEL",
		.solutions = "Lösungen",
		.solution_long = "Lösung zu Labyrinth %d (Seite %d)",
		.solution_short = "Labyrinth %d (Seite %d)",
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
		.order_ramp = "In jedem Teil des Buches gehen die Labyrinthe vom leichtesten "
			      "zum schwersten.",
		.copyright = "Copyright ©",
		.published_by = "Verlag: %s",
		.level_names = { "leicht", "mittel", "schwer", "Profi" },
	},
	{
		.language = "en",
		.maze = "Maze %d",
		.start = "START",
		.finish = "FINISH",
		.solutions = "Solutions",
		.solution_long = "Solution to maze %d (page %d)",
		.solution_short = "Maze %d (page %d)",
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
		.order_ramp = "In each part of the book the mazes go from the easiest to the "
			      "hardest.",
		.copyright = "Copyright ©",
		.published_by = "Published by %s",
		.level_names = { "easy", "medium", "hard", "expert" },
	},
	{
		.language = "es",
		.maze = "Laberinto %d",
		.start = "SALIDA",
		.finish = "META",
		.solutions = "Soluciones",
		.solution_long = "Solución del laberinto %d (página %d)",
		.solution_short = "Laberinto %d (página %d)",
		.how_to_play_title = "Cómo se juega",
		.how_to_play = "Pon tu lápiz en la flecha de SALIDA y busca un camino por el "
			       "laberinto hasta la flecha de META. No puedes cruzar ninguna "
			       "pared. Si llegas a un callejón sin salida, vuelve atrás y prueba "
			       "otro camino. Las soluciones están al final del libro.",
		.level = "Nivel",
		.mazes = "Laberintos",
		.seed = "Semilla",
		.page = "Página",
		.rebuild = "La semilla vuelve a crear cada laberinto de este libro tal cual.",
		.order_ramp = "En cada parte del libro, los laberintos van del más fácil al "
			      "más difícil.",
		.copyright = "Copyright ©",
		.published_by = "Publicado por %s",
		.level_names = { "fácil", "medio", "difícil", "experto" },
	},
	{
		.language = "fr",
		.maze = "Labyrinthe %d",
		.start = "DÉPART",
		.finish = "ARRIVÉE",
		.solutions = "Solutions",
		.solution_long = "Solution du labyrinthe %d (page %d)",
		.solution_short = "Labyrinthe %d (page %d)",
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
		.order_ramp = "Dans chaque partie du livre, les labyrinthes vont du plus "
			      "facile au plus difficile.",
		.copyright = "Copyright ©",
		.published_by = "Publié par %s",
		.level_names = { "facile", "moyen", "difficile", "expert" },
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

const char *mb_labels_level_name(const struct mb_labels *labels, const char *level)
{
	for (size_t i = 0; i < 4; i++)
		if (strcmp(level_keys[i], level) == 0)
			return labels->level_names[i];
	return level;
}
