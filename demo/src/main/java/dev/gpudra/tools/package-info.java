/**
 * The checkout's command line ({@code ./gpu-dra demo}, {@code ./gpu-dra bench}): the tools that
 * never reach the image. It owns flag parsing and one-line errors for them; the demo itself is
 * {@code dev.gpudra.demo}, the benchmarks are the benchmarks module's.
 */
package dev.gpudra.tools;
