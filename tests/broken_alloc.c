/* broken_alloc.c: the plugin with a malloc and free in every run(), so
   tests/test_render.c can show that its allocation check fails on such a
   plugin (build/broken-alloc/perlin.lv2). The plugin is compiled in
   unchanged; only the descriptors this file hands out differ.
   Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE). */
#define lv2_descriptor perlin_real_descriptor
#include "../plugin/lv2/perlin.c"
#undef lv2_descriptor

static LV2_Descriptor broken[8]; /* (lv2_descriptor's indices: 0..5) */

static void broken_run(LV2_Handle instance, uint32_t n_samples)
{
	void *volatile p = malloc(16);
	free(p);
	run(instance, n_samples);
}

/* Perlin Noise MIDI's (its own run, in plugin/lv2/perlin_midi.c). */
static void broken_midi_run(LV2_Handle instance, uint32_t n_samples)
{
	void *volatile p = malloc(16);
	free(p);
	perlin_midi_descriptor.run(instance, n_samples);
}

LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index)
{
	const LV2_Descriptor *real = perlin_real_descriptor(index);
	if (!real || index >= sizeof broken / sizeof broken[0])
		return NULL;
	broken[index] = *real;
	broken[index].run = real == &perlin_midi_descriptor ? broken_midi_run : broken_run;
	return &broken[index];
}
