// mod_ui_ports.cpp: by hand, not in CI (mod-ui is not in Debian): what
// MOD's mod-ui reads of the bundle, through its own parser (utils/ in
// mod-audio/mod-ui, built as libmod_utils.so): each plugin's brand, label,
// category, its CV outputs (symbol, short name, range: mod-ui picks the
// CV mode from it; the volts outputs must read -5..5 and bipolar, 0..10
// and unipolar+), CV inputs (depth_cv and offset_cv: -5..5, bipolar;
// clock_in: 0..1; rate_cv, morph_cv: -5..5) and control inputs (short name, unit; pulses: 1..24,
// enumerated 1, 2, 4, 24), its presets, and the MIDI inputs a
// pedalboard shows (one, `control`, on the plugins that read notes).
// Build against a mod-ui tree:
//   g++ -o mod_ui_ports tests/mod_ui_ports.cpp -I MODUI/utils \
//       -L MODUI/utils -lmod_utils -Wl,-rpath,MODUI/utils
// Usage: LV2_PATH=BUNDLE_PARENT ./mod_ui_ports; ends "N passed, N failed".
// Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
#include "utils.h"

#include <cstdio>
#include <cstring>

static int passed, failed;
static void check(bool ok, const char* what)
{
    ok ? ++passed : ++failed;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
}

int main()
{
    static const char* const uris[] = { "urn:perlin-lv2:perlin", "urn:perlin-lv2:perlin-cv",
                                        "urn:perlin-lv2:perlin4", "urn:perlin-lv2:perlin4-cv" };
    init();
    for (int i = 0; i < 4; ++i) {
        char what[512];
        const PluginInfo* info = get_plugin_info(uris[i]);
        std::snprintf(what, sizeof what, "mod-ui reads %s", uris[i]);
        check(info && info->valid, what);
        if (!info || !info->valid)
            continue;
        std::printf("     brand '%s', label '%s', category '%s'\n", info->brand, info->label,
                    info->category && info->category[0] ? info->category[0] : "");
        int cv = 0, controls = 0, presets = 0;
        int volts_ok = 0, volts = 0;
        for (const PluginPort* p = info->ports.cv.output; p && p->valid; ++p, ++cv) {
            // the CV mode mod-ui gives a mapping from this port (host.py,
            // addr_task_get_plugin_cv_port_op_mode)
            const float lo = p->ranges.min, hi = p->ranges.max;
            const char mode = lo < 0 && hi <= 0 ? '-' : lo < 0 && hi > 0 ? 'b' : lo >= 0 && hi > 0 ? '+' : '+';
            std::printf("     CV out %s ('%s'): %g .. %g, mode %c\n", p->symbol, p->shortName, lo, hi,
                        mode);
            if (std::strstr(p->symbol, "_bipolar")) {
                ++volts;
                volts_ok += lo == -5.0f && hi == 5.0f && mode == 'b';
            } else if (std::strstr(p->symbol, "_unipolar")) {
                ++volts;
                volts_ok += lo == 0.0f && hi == 10.0f && mode == '+';
            }
        }
        int cv_in = 0, cv_in_ok = 0, clock_ok = 0, pulses_ok = 0, rate_ok = 0, morph_ok = 0;
        for (const PluginPort* p = info->ports.cv.input; p && p->valid; ++p) {
            const float lo = p->ranges.min, hi = p->ranges.max;
            std::printf("     CV in %s ('%s'): %g .. %g\n", p->symbol, p->shortName, lo, hi);
            if (!std::strcmp(p->symbol, "depth_cv") || !std::strcmp(p->symbol, "offset_cv")) {
                ++cv_in;
                cv_in_ok += lo == -5.0f && hi == 5.0f;
            }
            clock_ok += !std::strcmp(p->symbol, "clock_in") && lo == 0.0f && hi == 1.0f;
            rate_ok += !std::strcmp(p->symbol, "rate_cv") && lo == -5.0f && hi == 5.0f;
            morph_ok += !std::strcmp(p->symbol, "morph_cv") && lo == -5.0f && hi == 5.0f;
        }
        for (const PluginPort* p = info->ports.control.input; p && p->valid; ++p, ++controls) {
            if (!std::strcmp(p->symbol, "rate"))
                std::printf("     rate: unit '%s' ('%s')\n", p->units.symbol ? p->units.symbol : "",
                            p->units.render ? p->units.render : "");
            if (!std::strcmp(p->symbol, "pulses")) {
                int points = 0, wanted = 0;
                for (const PluginPortScalePoint* sp = p->scalePoints; sp && sp->valid; ++sp) {
                    ++points;
                    wanted += sp->value == 1.0f || sp->value == 2.0f || sp->value == 4.0f ||
                              sp->value == 24.0f;
                }
                std::printf("     pulses ('%s'): %g .. %g, default %g, %d scale points\n",
                            p->shortName, p->ranges.min, p->ranges.max, p->ranges.def, points);
                pulses_ok = p->ranges.min == 1.0f && p->ranges.max == 24.0f &&
                            p->ranges.def == 1.0f && points == 4 && wanted == 4;
            }
        }
        for (const PluginPreset* p = info->presets; p && p->valid; ++p)
            ++presets;
        const bool is_cv = std::strstr(uris[i], "-cv") != nullptr;
        std::snprintf(what, sizeof what, "%s: %d CV outputs as mod-ui sees them, %d controls, %d presets",
                      uris[i], cv, controls, presets);
        const int lanes = std::strstr(uris[i], "4") ? 4 : 1;
        check(cv == (is_cv ? 3 * lanes : 0) && controls >= 15 && presets >= 5, what);
        if (is_cv) {
            std::snprintf(what, sizeof what, "%s: its %d volts outputs read as +-5 V (bipolar) and "
                          "0..10 V (unipolar+)", uris[i], volts);
            check(volts == 2 * lanes && volts_ok == volts, what);
            std::snprintf(what, sizeof what, "%s: depth_cv and offset_cv as CV inputs, -5..5 V",
                          uris[i]);
            check(cv_in == 2 && cv_in_ok == 2, what);
            std::snprintf(what, sizeof what, "%s: clock_in a CV input, 0..1; pulses 1..24, default "
                          "1, scale points 1, 2, 4, 24", uris[i]);
            check(clock_ok == 1 && pulses_ok, what);
            std::snprintf(what, sizeof what, "%s: rate_cv a CV input, -5..5 V", uris[i]);
            check(rate_ok == 1, what);
            std::snprintf(what, sizeof what, "%s: morph_cv a CV input, -5..5 V", uris[i]);
            check(morph_ok == 1, what);
        }
        check(std::strlen(info->brand) <= 11 && std::strlen(info->label) <= 16,
              "brand and label within what mod-ui shows");
    }
    // the MIDI inputs a pedalboard shows: one ("MIDI in", at `control`) on
    // the plugins that read notes, none on the others
    static const char* const all[] = { "urn:perlin-lv2:perlin", "urn:perlin-lv2:perlin-cv",
                                       "urn:perlin-lv2:perlin4", "urn:perlin-lv2:perlin4-cv",
                                       "urn:perlin-lv2:perlin-keyed", "urn:perlin-lv2:perlin-midi" };
    for (int i = 0; i < 6; ++i) {
        char what[512];
        const PluginInfo* info = get_plugin_info(all[i]);
        const bool notes = i % 2 == 1 || i == 4;
        int midi_in = 0, named = 0;
        for (const PluginPort* p = info && info->valid ? info->ports.midi.input : nullptr; p && p->valid; ++p) {
            ++midi_in;
            named += !std::strcmp(p->symbol, "control") && !std::strcmp(p->name, "MIDI in");
        }
        std::snprintf(what, sizeof what, "%s: %d MIDI input%s (%s)", all[i], midi_in,
                      midi_in == 1 ? "" : "s", notes ? "want 1, control, \"MIDI in\"" : "want 0");
        check(notes ? midi_in == 1 && named == 1 : midi_in == 0, what);
    }
    cleanup();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
