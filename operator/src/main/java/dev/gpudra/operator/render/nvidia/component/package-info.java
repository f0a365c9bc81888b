/**
 * What every NVIDIA operand shares: {@code NvidiaComponent}, a ClusterPolicy component's image,
 * pull settings, args, env, resources and host network applied as NVIDIA's operator applies them,
 * and {@code NvidiaDaemonSet}, an operand's DaemonSet with its service account and deploy label.
 * Depends on {@code render} only; every operand package depends on it, never the other way.
 */
package dev.gpudra.operator.render.nvidia.component;
