package dev.gpudra.operator.render.nvidia.driver;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriverType;
import dev.gpudra.operator.nvidiadriver.DriverNames;
import dev.gpudra.operator.nvidiadriver.DriverPool;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The driver DaemonSet of one NVIDIADriver's pool of nodes (one OS), as NVIDIA's operator renders
 * it: the ClusterPolicy driver's pod ({@link DriverDaemonSet}) from the NVIDIADriver's keys, named
 * {@code nvidia-gpu-driver-<os>-<hash>} ({@link DriverNames}), on the nodes {@code
 * nvidia.com/gpu.deploy.driver=true} of the pool ({@link DriverPool#nodeSelector}), labelled {@code
 * nvidia.com/node.os-version}, with the NVIDIADriver's {@code labels} (not {@code app} nor {@code
 * app.kubernetes.io/*}), {@code annotations}, {@code tolerations} (after NVIDIA's own of {@code
 * nvidia.com/gpu}), {@code priorityClassName}, {@code podSecurityContext} and {@code nodeAffinity}
 * (beside the driver pods' anti-affinity); not the ClusterPolicy's {@code daemonsets} settings. The
 * service account, its role and the startup probe's ConfigMap are the ClusterPolicy driver's,
 * shared by every pool.
 *
 * <p>Refused, naming the NVIDIADriver and its field: {@code driverType} {@code vgpu} and {@code
 * vgpu-host-manager} (NVIDIA's vGPU images are not rendered here), and what the ClusterPolicy's
 * driver refuses ({@code usePrecompiled}, {@code repoConfig}, {@code certConfig}, {@code
 * kernelModuleConfig}, liveness and readiness probes, {@code gds.args}, {@code gdrcopy.args}).
 */
public final class NvidiaDriverDaemonSet {
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The keys an NVIDIADriver shares, same name and meaning, with a ClusterPolicy's driver. */
  private static final List<String> DRIVER_KEYS =
      List.of(
          "usePrecompiled",
          "useOpenKernelModules",
          "kernelModuleType",
          "startupProbe",
          "livenessProbe",
          "readinessProbe",
          "rdma",
          "upgradePolicy",
          "repository",
          "image",
          "version",
          "imagePullPolicy",
          "imagePullSecrets",
          "manager",
          "resources",
          "args",
          "env",
          "certConfig",
          "kernelModuleConfig",
          "secretEnv",
          "hostNetwork");

  /**
   * What one pool runs.
   *
   * @param shared the driver's service account, roles and startup probe ConfigMap (the
   *     ClusterPolicy's)
   * @param daemonSet the pool's DaemonSet (the NVIDIADriver's)
   */
  public record Rendered(List<HasMetadata> shared, DaemonSet daemonSet) {
    public Rendered {
      shared = List.copyOf(shared);
    }
  }

  private NvidiaDriverDaemonSet() {}

  /**
   * @param context the ClusterPolicy's context (its namespace, image variables, runtime)
   * @throws StateRefusedException naming the NVIDIADriver and the field it refuses
   */
  public static Rendered render(OperandContext context, NvidiaDriver driver, DriverPool pool) {
    String name = driver.getMetadata().getName();
    NvidiaDriverSpec spec = driver.getSpec();
    if (spec.type() != NvidiaDriverType.GPU) {
      throw new StateRefusedException(
          "NVIDIADriver "
              + name
              + ": spec.driverType "
              + spec.type().label()
              + ": NVIDIA's vGPU"
              + " driver images are not rendered by gpu-dra's operator; use driverType gpu");
    }
    OperandContext pooled =
        new OperandContext(
            context.namespace(),
            policySpec(context.spec(), spec),
            context.gpuDraImage(),
            context.imageEnv(),
            context.runtime(),
            new TreeSet<>(Set.of(pool.osTag())),
            context.serviceMonitors());
    List<HasMetadata> objects;
    try {
      objects = DriverDaemonSet.objects(pooled);
    } catch (StateRefusedException e) {
      throw new StateRefusedException(
          "NVIDIADriver "
              + name
              + ": "
              + e.getMessage()
                  .replace("spec.driver.", "spec.")
                  .replace("driver.manager", "manager"));
    }
    DaemonSet ds =
        objects.stream()
            .filter(DaemonSet.class::isInstance)
            .map(DaemonSet.class::cast)
            .findFirst()
            .orElseThrow();
    // NVIDIA's pod keeps its anti-affinity beside the NVIDIADriver's node affinity
    ds.getSpec().getTemplate().getSpec().getAffinity().setNodeAffinity(spec.nodeAffinity());
    reshape(
        ds, DriverNames.appName(driver.getMetadata().getUid(), spec.type(), pool.osTag()), pool);
    return new Rendered(objects.stream().filter(o -> o != ds).toList(), ds);
  }

  private static void reshape(DaemonSet ds, String appName, DriverPool pool) {
    ds.getMetadata().setName(appName);
    for (Map<String, String> labels :
        List.of(
            ds.getMetadata().getLabels(), ds.getSpec().getTemplate().getMetadata().getLabels())) {
      labels.put("app", appName);
      labels.put("nvidia.com/node.os-version", pool.osTag());
    }
    ds.getSpec().getSelector().setMatchLabels(Map.of("app", appName));
    Map<String, String> selector = new LinkedHashMap<>();
    selector.put("nvidia.com/gpu.deploy.driver", "true");
    selector.putAll(new java.util.TreeMap<>(pool.nodeSelector()));
    ds.getSpec().getTemplate().getSpec().setNodeSelector(selector);
    DriverConfigDigest.stamp(ds);
  }

  /**
   * The ClusterPolicy's spec with the NVIDIADriver's driver, GDS, GDRCopy and DaemonSet settings in
   * place of its own.
   */
  static ClusterPolicySpec policySpec(ClusterPolicySpec policy, NvidiaDriverSpec spec) {
    ObjectNode from = JSON.valueToTree(spec);
    ObjectNode tree = JSON.valueToTree(policy);
    ObjectNode driver = tree.putObject("driver");
    driver.put("enabled", true);
    for (String key : DRIVER_KEYS) {
      if (from.has(key)) {
        driver.set(key, from.get(key));
      }
    }
    if (from.has("repoConfig")) {
      driver.putObject("repoConfig").set("configMapName", from.get("repoConfig").get("name"));
    }
    if (from.has("licensingConfig")) {
      ObjectNode licensing = ((ObjectNode) from.get("licensingConfig")).deepCopy();
      if (licensing.has("name")) {
        licensing.set("configMapName", licensing.remove("name"));
      }
      driver.set("licensingConfig", licensing);
    }
    if (from.has("virtualTopologyConfig")) {
      driver
          .putObject("virtualTopology")
          .set("config", from.get("virtualTopologyConfig").get("name"));
    }
    for (String key : List.of("gds", "gdrcopy")) {
      if (from.has(key)) {
        tree.set(key, from.get(key));
      } else {
        tree.remove(key);
      }
    }
    tree.set("daemonsets", daemonsets(from));
    return JSON.convertValue(tree, ClusterPolicySpec.class);
  }

  private static ObjectNode daemonsets(ObjectNode from) {
    ObjectNode daemonsets = JSON.createObjectNode();
    if (from.has("labels")) {
      ObjectNode labels = daemonsets.putObject("labels");
      from.get("labels")
          .properties()
          .forEach(e -> {
            if (!e.getKey().equals("app") && !e.getKey().startsWith("app.kubernetes.io/")) {
              labels.set(e.getKey(), e.getValue());
            }
          });
    }
    if (from.has("annotations")) {
      daemonsets.set("annotations", from.get("annotations"));
    }
    ArrayNode tolerations = daemonsets.putArray("tolerations");
    tolerations
        .addObject()
        .put("key", "nvidia.com/gpu")
        .put("operator", "Exists")
        .put("effect", "NoSchedule");
    if (from.has("tolerations")) {
      tolerations.addAll((ArrayNode) from.get("tolerations"));
    }
    for (String key : List.of("priorityClassName", "podSecurityContext")) {
      if (from.has(key)) {
        daemonsets.set(key, from.get(key));
      }
    }
    daemonsets.put("updateStrategy", "OnDelete");
    return daemonsets;
  }
}
