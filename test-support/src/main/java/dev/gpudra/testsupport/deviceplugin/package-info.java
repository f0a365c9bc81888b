/**
 * A device plugin for {@code example.com/gpu} over a real Unix socket, to drive the kubelet's side
 * of the device plugin API in tests: it serves the v1beta1 DevicePlugin service with the options it
 * is given, lists its devices with their health, and records each Allocate, GetPreferredAllocation
 * and PreStartContainer it is asked.
 *
 * <p>Invariants: every ListAndWatch stream gets the current list at once and again on each health
 * change; closing completes the streams, as a plugin that stops cleanly does.
 */
package dev.gpudra.testsupport.deviceplugin;
