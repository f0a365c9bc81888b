/**
 * The device plugin API v1beta1 over Unix sockets: one server per resource on {@code
 * <device-plugins dir>/nvidia-<resource>.sock} (0600), serving before it registers with the kubelet
 * on {@code kubelet.sock}; ListAndWatch streams the device list, Allocate answers per container.
 *
 * <p>{@link SocketWatch} keeps each socket in place: removed or replaced, it is bound again and the
 * plugin registers again, as after a kubelet restart; failed tries back off up to 30 s. {@link
 * HealthEndpoint} answers NOT_SERVING from the moment a socket is missing until it is bound again.
 */
package dev.gpudra.deviceplugin.server;
