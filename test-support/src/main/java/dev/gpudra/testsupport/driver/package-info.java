/**
 * Stand-ins for the NVIDIA driver's programs (busybox-sh scripts, tests and the demo only): {@code
 * nvidia-cuda-mps-control}, {@code nvidia-imex} and {@code nvidia-imex-ctl}, installed into a test
 * driver root's {@code usr/bin} so that our processes supervise real child processes without GPUs.
 *
 * <p>Invariants: each script is a classpath resource of this package, copied (never generated) and
 * made executable; installing again replaces the earlier copy.
 */
package dev.gpudra.testsupport.driver;
