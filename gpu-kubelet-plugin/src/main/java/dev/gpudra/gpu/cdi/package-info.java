/**
 * CDI specs for prepared claims. One transient spec per claim, kind {@code
 * k8s.gpu.nvidia.com/claim}, file {@code <cdiRoot>/k8s.gpu.nvidia.com-claim_<claimUID>.yaml},
 * device names {@code <claimUID>-<deviceName>}.
 *
 * <p>Invariants: the model records are pure values that validate themselves; a spec always carries
 * the lowest {@code cdiVersion} its fields require, so older container runtimes still load it;
 * files are replaced atomically because runtimes read them concurrently; nothing here reads the
 * host (the device nodes come from {@code dev.gpudra.node.cdi} and {@code
 * dev.gpudra.node.driverroot}).
 */
package dev.gpudra.gpu.cdi;
