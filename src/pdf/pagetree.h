/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The page-tree check both PDF readers (`mazebook check`'s probe and
 * mazeproof) make before they read any page. It is PDF structure, not
 * drawing or maze code, so sharing it keeps mazeproof independent of the
 * generators while hostile trees get one answer from both programs.
 */
#ifndef MAZEBOOK_PDF_PAGETREE_H
#define MAZEBOOK_PDF_PAGETREE_H

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

/*
 * Levels of the page tree: a balanced tree of 20,000 pages is 5 deep.
 * Limits table: page tree
 */
#define MB_PDF_TREE_DEPTH_MAX 64
/*
 * Nodes of the page tree: pages and the nodes above them, 20,000 pages
 * (the most `check` reads) with room for a wasteful producer.
 * Limits table: page tree
 */
#define MB_PDF_TREE_NODES_MAX 100000

/*
 * Walk doc's page tree once, without recursion (MuPDF's own loader
 * recurses), and throw (fz_throw, with a message for the user) unless it
 * is sound: MuPDF finds page n through the /Count of each node, so every
 * node's /Count must be the number of pages under it (a 25th page behind
 * "/Count 24" is refused, not hidden); a tree that loops, nests deeper than
 * MB_PDF_TREE_DEPTH_MAX, has more than MB_PDF_TREE_NODES_MAX nodes or holds
 * more than max_pages pages is refused.
 */
void mb_pdf_check_page_tree(fz_context *ctx, pdf_document *doc, int max_pages);

#endif
