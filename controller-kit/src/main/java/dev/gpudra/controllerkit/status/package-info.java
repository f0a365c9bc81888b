/**
 * A custom resource's status written from a controller's cache: {@link
 * dev.gpudra.controllerkit.status.StatusWriter} compares the status it computed with the one the
 * cached object holds and patches the {@code status} subresource only when they differ, in one of
 * the {@link dev.gpudra.controllerkit.status.StatusPatch} forms. Invariants: an unchanged status
 * costs no request; a patch never touches anything but {@code /status}.
 */
package dev.gpudra.controllerkit.status;
