package dev.gpudra.operator.render.nvidia.component;

import dev.gpudra.api.clusterpolicy.ContainerKeys;
import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.ImageKeys;
import dev.gpudra.api.clusterpolicy.Resources;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a ClusterPolicy component says of the NVIDIA image it runs, applied as NVIDIA's operator
 * applies it: the resolved image; {@code imagePullPolicy} ({@code IfNotPresent} unless {@code
 * Always} or {@code Never}) on every container; {@code args} replacing the main container's; {@code
 * env} overriding its variables by name, others appended; {@code resources} on every container (not
 * the init containers); {@code imagePullSecrets} and {@code hostNetwork} (with DNS policy {@code
 * ClusterFirstWithHostNet}) on the pod.
 *
 * @param image the resolved image reference
 * @param imagePullPolicy the component's pull policy as given
 * @param imagePullSecrets the Secrets to pull with
 * @param resources the limits and requests
 * @param args the main container's args; empty keeps the asset's
 * @param env the variables
 * @param hostNetwork whether the pod joins the host's network
 */
public record NvidiaComponent(
    String image,
    String imagePullPolicy,
    List<String> imagePullSecrets,
    Resources resources,
    List<String> args,
    List<EnvVar> env,
    boolean hostNetwork) {
  private static final Set<String> POLICIES = Set.of("Always", "Never", "IfNotPresent");

  public NvidiaComponent {
    imagePullSecrets = imagePullSecrets == null ? List.of() : List.copyOf(imagePullSecrets);
    args = args == null ? List.of() : List.copyOf(args);
    env = env == null ? List.of() : List.copyOf(env);
  }

  /**
   * What a component says of its main container and pod, beside its image keys.
   *
   * @param resources the limits and requests; null for none
   * @param args the main container's args; null keeps the asset's
   * @param env the variables; null for none
   * @param hostNetwork whether the pod joins the host's network; null is no
   */
  public record Overrides(
      Resources resources, List<String> args, List<EnvVar> env, Boolean hostNetwork) {
    /** No resources, args, env or host network. */
    public static final Overrides NONE = new Overrides(null, null, null, null);
  }

  /**
   * The component's image, pull settings, resources, args, env and host network.
   *
   * @param component the component's block; null when the policy has none
   * @param specKey its path in the spec, for errors ({@code dcgmExporter})
   * @param envVar the operator's fallback image variable ({@code DCGM_EXPORTER_IMAGE})
   * @throws dev.gpudra.operator.render.MissingImageException when no image is named
   */
  public static NvidiaComponent of(
      OperandContext context, ContainerKeys component, String specKey, String envVar) {
    return of(
        context,
        component,
        specKey,
        envVar,
        component == null
            ? Overrides.NONE
            : new Overrides(
                component.resources(), component.args(), component.env(), component.hostNetwork()));
  }

  /**
   * For a component whose args or env the state applies itself (in NVIDIA's order).
   *
   * @param component the component's block (its image keys); null when the policy has none
   * @param specKey its path in the spec, for errors ({@code dcgmExporter})
   * @param envVar the operator's fallback image variable ({@code DCGM_EXPORTER_IMAGE})
   * @param overrides what the state takes from the component beside its image keys
   * @throws dev.gpudra.operator.render.MissingImageException when no image is named
   */
  public static NvidiaComponent of(
      OperandContext context,
      ImageKeys component,
      String specKey,
      String envVar,
      Overrides overrides) {
    String image = context.nvidiaImage(component, specKey, envVar);
    return component == null
        ? new NvidiaComponent(image, null, null, null, null, null, false)
        : new NvidiaComponent(
            image,
            component.imagePullPolicy(),
            component.imagePullSecrets(),
            overrides.resources(),
            overrides.args(),
            overrides.env(),
            Boolean.TRUE.equals(overrides.hostNetwork()));
  }

  /** This component with another image (a driver's, tagged with the nodes' OS). */
  public NvidiaComponent withImage(String other) {
    return new NvidiaComponent(
        other, imagePullPolicy, imagePullSecrets, resources, args, env, hostNetwork);
  }

  /** The pull policy NVIDIA's operator gives every container of the component. */
  public String pullPolicy() {
    return imagePullPolicy != null && POLICIES.contains(imagePullPolicy)
        ? imagePullPolicy
        : "IfNotPresent";
  }

  /**
   * @param pod the pod, whose containers are complete
   * @param mainName the name of its main container (image, args and env)
   */
  public void applyTo(PodSpec pod, String mainName) {
    Container main =
        pod.getContainers().stream()
            .filter(c -> c.getName().equals(mainName))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no container " + mainName));
    main.setImage(image);
    if (!args.isEmpty()) {
      main.setArgs(new ArrayList<>(args));
    }
    List<io.fabric8.kubernetes.api.model.EnvVar> merged = new ArrayList<>(main.getEnv());
    for (EnvVar variable : env) {
      merged.removeIf(e -> e.getName().equals(variable.name()));
      merged.add(new EnvVarBuilder().withName(variable.name()).withValue(variable.value()).build());
    }
    main.setEnv(merged);
    for (Container container : pod.getInitContainers()) {
      container.setImagePullPolicy(pullPolicy());
    }
    for (Container container : pod.getContainers()) {
      container.setImagePullPolicy(pullPolicy());
      if (resources != null) {
        container.setResources(
            new ResourceRequirementsBuilder()
                .withLimits(resources.limits())
                .withRequests(resources.requests())
                .build());
      }
    }
    if (!imagePullSecrets.isEmpty()) {
      pod.setImagePullSecrets(PodParts.secrets(imagePullSecrets));
    }
    if (hostNetwork) {
      pod.setHostNetwork(true);
      pod.setDnsPolicy("ClusterFirstWithHostNet");
    }
  }
}
