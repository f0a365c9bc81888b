/**
 * The {@code gpu-dra} command line (picocli): one launcher, one image, a subcommand per binary of
 * NVIDIA's driver and the tools around it. Flags and environment are parsed here once into
 * validated config records; errors in them print one line and exit with code 2.
 */
package dev.gpudra.cli;
