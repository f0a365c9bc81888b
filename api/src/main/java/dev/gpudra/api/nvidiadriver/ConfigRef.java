package dev.gpudra.api.nvidiadriver;

/**
 * A ConfigMap an NVIDIADriver names ({@code repoConfig}, {@code certConfig}, {@code
 * kernelModuleConfig}, {@code virtualTopologyConfig}).
 *
 * @param name the ConfigMap's name, in the operator's namespace
 */
public record ConfigRef(String name) {}
