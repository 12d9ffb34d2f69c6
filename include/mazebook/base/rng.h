/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * The seeded random number generator: xoshiro256** (Blackman and Vigna,
 * 2018), seeded through splitmix64. Both are defined on exact 64-bit
 * unsigned arithmetic, so a seed gives the same sequence on every machine
 * and compiler. Bounded draws use Lemire's multiply-and-reject method,
 * which has no modulo bias. The C library's rand() is never used.
 */
#ifndef MAZEBOOK_RNG_H
#define MAZEBOOK_RNG_H

#include <stdint.h>

struct mb_rng {
	uint64_t s[4];
};

/* Seed the generator; every 64-bit seed (0 included) is valid. */
void mb_rng_init(struct mb_rng *rng, uint64_t seed);

/* The next 64 random bits. */
uint64_t mb_rng_next(struct mb_rng *rng);

/* A uniform integer in [0, bound); bound must be at least 1. */
uint32_t mb_rng_below(struct mb_rng *rng, uint32_t bound);

/* A uniform double in [0, 1) with 53 random bits. */
double mb_rng_unit(struct mb_rng *rng);

/*
 * A seed derived from a parent seed and an index (splitmix64 of both), so
 * that maze n of a book keeps its seed when other mazes are added.
 */
uint64_t mb_rng_derive(uint64_t seed, uint64_t index);

#endif
