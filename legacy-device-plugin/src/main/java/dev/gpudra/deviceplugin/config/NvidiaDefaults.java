package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Map;

/** NVIDIA's defaults (k8s-device-plugin v0.20), put where neither file, env nor flag gave one. */
final class NvidiaDefaults {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static final Map<String, JsonNode> FLAGS =
      Map.ofEntries(
          Map.entry("flags.migStrategy", JSON.textNode("none")),
          Map.entry("flags.failOnInitError", JSON.booleanNode(true)),
          Map.entry("flags.mpsRoot", JSON.textNode("")),
          Map.entry("flags.nvidiaDriverRoot", JSON.textNode("/")),
          Map.entry("flags.gdrcopyEnabled", JSON.booleanNode(false)),
          Map.entry("flags.gdsEnabled", JSON.booleanNode(false)),
          Map.entry("flags.mofedEnabled", JSON.booleanNode(false)),
          Map.entry("flags.useNodeFeatureAPI", JSON.booleanNode(true)),
          Map.entry("flags.deviceDiscoveryStrategy", JSON.textNode("auto")),
          Map.entry("flags.plugin.passDeviceSpecs", JSON.booleanNode(false)),
          Map.entry("flags.plugin.deviceListStrategy", JSON.arrayNode().add("envvar")),
          Map.entry("flags.plugin.deviceIDStrategy", JSON.textNode("uuid")),
          Map.entry("flags.plugin.cdiAnnotationPrefix", JSON.textNode("cdi.k8s.io/")),
          Map.entry("flags.plugin.nvidiaCTKPath", JSON.textNode("/usr/bin/nvidia-ctk")),
          Map.entry("flags.plugin.containerDriverRoot", JSON.textNode("/driver-root")),
          Map.entry("flags.plugin.sharedDevicesAllocationPolicy", JSON.textNode("distributed")),
          Map.entry("flags.gfd.oneshot", JSON.booleanNode(false)),
          Map.entry("flags.gfd.noTimestamp", JSON.booleanNode(false)),
          Map.entry("flags.gfd.sleepInterval", JSON.textNode("60s")),
          Map.entry(
              "flags.gfd.outputFile",
              JSON.textNode("/etc/kubernetes/node-feature-discovery/features.d/gfd")),
          Map.entry("flags.gfd.machineTypeFile", JSON.textNode("/sys/class/dmi/id/product_name")),
          Map.entry("imex.required", JSON.booleanNode(false)));

  private NvidiaDefaults() {}

  static void apply(ConfigTree tree) {
    FLAGS.forEach(tree::defaultTo);
    tree.defaultTo("resources", JSON.objectNode());
    tree.defaultTo("flags.nvidiaDevRoot", tree.at("flags.nvidiaDriverRoot").deepCopy());
    sharing(tree, "sharing.timeSlicing", false);
    sharing(tree, "sharing.mps", true);
  }

  /** MPS refuses requests for more than one replica unless told otherwise; time-slicing not. */
  private static void sharing(ConfigTree tree, String path, boolean failGreaterThanOne) {
    JsonNode shared = tree.at(path);
    if (!shared.isObject()) {
      return;
    }
    tree.defaultTo(path + ".failRequestsGreaterThanOne", JSON.booleanNode(failGreaterThanOne));
    JsonNode resources = shared.path("resources");
    // a mapping (or anything not a list) here is left for the binding to refuse by its path
    for (int i = 0; resources.isArray() && i < resources.size(); i++) {
      if (resources.get(i).isObject()) {
        tree.defaultTo(path + ".resources." + i + ".devices", JSON.textNode("all"));
      }
    }
  }
}
