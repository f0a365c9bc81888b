/**
 * The device plugin API v1beta1 over Unix sockets: one server per resource on {@code
 * <device-plugins dir>/nvidia-<resource>.sock} (0600), serving before it registers with the kubelet
 * on {@code kubelet.sock}; ListAndWatch streams the device list, Allocate answers per container.
 */
package dev.gpudra.deviceplugin.server;
