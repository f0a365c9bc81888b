/**
 * KEP-4817 claim device status: what a driver reports in {@code ResourceClaim.status.devices} for
 * the devices it prepared. {@link dev.gpudra.kit.claimstatus.DeviceStatusDriver} decorates a driver
 * (report after prepare, follow the health feed, remove after unprepare); {@link
 * dev.gpudra.kit.claimstatus.ClaimStatusWriter} writes off the kubelet's call, one claim at a time;
 * {@link dev.gpudra.kit.claimstatus.StatusMerge} is the pure merge. Invariants: other drivers'
 * entries are never touched; ours exist only for allocated devices; a write never blocks a prepare.
 */
package dev.gpudra.kit.claimstatus;
