/**
 * Stand-ins for the NVIDIA driver's programs (busybox-sh scripts, tests and the demo only): {@code
 * nvidia-cuda-mps-control}, {@code nvidia-imex} and {@code nvidia-imex-ctl}, installed into a test
 * driver root's {@code usr/bin} so that our processes supervise real child processes without GPUs;
 * a host-managed IMEX ({@link dev.gpudra.testsupport.driver.HostImexStandIn}: a chroot-able driver
 * root and a control socket); and {@code nvidia-smi} ({@link
 * dev.gpudra.testsupport.driver.NvidiaSmiStandIn}), whose {@code -L} lists the GPUs a container was
 * given, as NVIDIA's end-to-end tests read them.
 *
 * <p>Invariants: each script but {@code nvidia-smi} is a classpath resource of this package, copied
 * and made executable; {@code nvidia-smi} is generated from the node's GPUs. Installing again
 * replaces the earlier copy.
 */
package dev.gpudra.testsupport.driver;
