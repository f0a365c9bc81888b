/**
 * Stand-ins for kernel interfaces (tests and the demo only): a PCI sysfs tree whose driver binds
 * and unbinds move each device's {@code driver} link as the kernel would ({@link
 * dev.gpudra.testsupport.kernel.SysfsStandIn}), and tmpfs mounts that keep a plain directory for a
 * user who is not root ({@link dev.gpudra.testsupport.kernel.TmpfsStandIn}).
 *
 * <p>Invariants: everything stays under the root a test gives; the code under test writes to them
 * exactly as to the real ones.
 */
package dev.gpudra.testsupport.kernel;
