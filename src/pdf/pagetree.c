/* SPDX-License-Identifier: AGPL-3.0-or-later */
/* The page-tree check of both PDF readers: see pagetree.h. */
#include "config.h"

#include "pagetree.h"

#include <stdbool.h>

/* a /Pages node without /Type is one if it has /Kids (as MuPDF's page lookup guesses) */
static bool is_pages_node(fz_context *ctx, pdf_obj *node)
{
	pdf_obj *type = pdf_dict_get(ctx, node, PDF_NAME(Type));

	return type ? pdf_name_eq(ctx, type, PDF_NAME(Pages))
		    : pdf_dict_get(ctx, node, PDF_NAME(Kids)) != NULL;
}

struct tree_frame {
	pdf_obj *node;
	int kid, leaves_before;
};

void mb_pdf_check_page_tree(fz_context *ctx, pdf_document *doc, int max_pages)
{
	struct tree_frame stack[MB_PDF_TREE_DEPTH_MAX];
	pdf_obj *root = pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/Pages");
	int depth = 0, leaves = 0, nodes = 0;

	if (!pdf_is_dict(ctx, root) || !is_pages_node(ctx, root))
		fz_throw(ctx, FZ_ERROR_GENERIC, "the file has no page tree");
	fz_var(depth);
	fz_try(ctx) {
		pdf_mark_obj(ctx, root);
		stack[depth++] = (struct tree_frame){ root, 0, 0 };
		while (depth > 0) {
			struct tree_frame *top = &stack[depth - 1];
			pdf_obj *kids = pdf_dict_get(ctx, top->node, PDF_NAME(Kids)), *kid;

			if (top->kid >= pdf_array_len(ctx, kids)) {
				int count = pdf_dict_get_int(ctx, top->node, PDF_NAME(Count));
				int held = leaves - top->leaves_before;

				if (count != held && depth == 1)
					fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree holds %d page%s but "
						 "its /Count says %d", held, held == 1 ? "" : "s", count);
				if (count != held)
					fz_throw(ctx, FZ_ERROR_GENERIC, "a node of the page tree (object %d) "
						 "holds %d page%s but its /Count says %d",
						 pdf_to_num(ctx, top->node), held, held == 1 ? "" : "s", count);
				pdf_unmark_obj(ctx, top->node);
				depth--;
				continue;
			}
			kid = pdf_array_get(ctx, kids, top->kid++);
			if (++nodes > MB_PDF_TREE_NODES_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree has more than %d nodes",
					 MB_PDF_TREE_NODES_MAX);
			if (!pdf_is_dict(ctx, kid))
				fz_throw(ctx, FZ_ERROR_GENERIC, "non-page object in page tree");
			if (!is_pages_node(ctx, kid)) {
				if (++leaves > max_pages)
					fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree holds more than %d "
						 "pages, the most this tool reads", max_pages);
				continue;
			}
			if (depth >= MB_PDF_TREE_DEPTH_MAX)
				fz_throw(ctx, FZ_ERROR_GENERIC, "the page tree nests more than %d deep",
					 MB_PDF_TREE_DEPTH_MAX);
			if (pdf_mark_obj(ctx, kid))
				fz_throw(ctx, FZ_ERROR_GENERIC, "cycle in page tree");
			stack[depth++] = (struct tree_frame){ kid, 0, leaves };
		}
	}
	fz_always(ctx) {
		while (depth > 0)
			pdf_unmark_obj(ctx, stack[--depth].node);
	}
	fz_catch(ctx)
		fz_rethrow(ctx);
}
