/* SPDX-License-Identifier: AGPL-3.0-or-later */
/*
 * xoshiro256** seeded by splitmix64, after the public-domain reference
 * code of Blackman and Vigna (prng.di.unimi.it). Only exact-width unsigned
 * arithmetic, so the output is the same everywhere.
 */
#include "config.h"
#include "mazebook/base/rng.h"

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void mb_rng_init(struct mb_rng *rng, uint64_t seed)
{
	uint64_t state = seed;

	/* splitmix64 never yields four zero words, the one bad xoshiro state */
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&state);
}

uint64_t mb_rng_next(struct mb_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t mb_rng_below(struct mb_rng *rng, uint32_t bound)
{
	/* Lemire, "Fast random integer generation in an interval" (2019) */
	uint64_t m = (mb_rng_next(rng) >> 32) * (uint64_t)bound;
	uint32_t low = (uint32_t)m;

	if (low < bound) {
		uint32_t threshold = (uint32_t)(-bound) % bound;

		while (low < threshold) {
			m = (mb_rng_next(rng) >> 32) * (uint64_t)bound;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

double mb_rng_unit(struct mb_rng *rng)
{
	return (double)(mb_rng_next(rng) >> 11) * 0x1.0p-53;
}

uint64_t mb_rng_derive(uint64_t seed, uint64_t index)
{
	uint64_t state = seed;
	uint64_t a = splitmix64(&state);

	state = a ^ (index * UINT64_C(0xd1b54a32d192ed03));
	return splitmix64(&state);
}
