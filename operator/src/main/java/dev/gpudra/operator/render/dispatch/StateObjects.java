package dev.gpudra.operator.render.dispatch;

import dev.gpudra.api.clusterpolicy.DraComputeDomainsSpec;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.deviceclasses.model.DriverKind;
import dev.gpudra.deviceclasses.model.ExtendedResourceMapping;
import dev.gpudra.operator.render.ComputeDomainControllerDeployment;
import dev.gpudra.operator.render.ComputeDomainRbac;
import dev.gpudra.operator.render.DevicePluginDaemonSet;
import dev.gpudra.operator.render.DraKubeletPluginDaemonSet;
import dev.gpudra.operator.render.MpsControlDaemonSet;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.OperatorMetricsService;
import dev.gpudra.operator.render.ResourceSlicePolicy;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.NvidiaStates;
import dev.gpudra.operator.render.nvidia.driver.DriverValidation;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.node.v1.RuntimeClassBuilder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * What an enabled state applies: its objects (workloads last, so their RBAC exists first), or, for
 * a state gpu-dra's operator does not build yet, why, which the status reports instead of the state
 * being silently skipped.
 *
 * @param objects the state's objects, in apply order
 * @param notBuilt why the state has no objects here; empty when it has
 */
public record StateObjects(List<HasMetadata> objects, Optional<String> notBuilt) {
  public StateObjects {
    objects = List.copyOf(objects);
  }

  /** The state's DaemonSets, whose readiness is the state's. */
  public List<DaemonSet> daemonSets() {
    return objects.stream().filter(DaemonSet.class::isInstance).map(DaemonSet.class::cast).toList();
  }

  /** The state's Deployments, whose readiness is the state's too. */
  public List<Deployment> deployments() {
    return objects.stream()
        .filter(Deployment.class::isInstance)
        .map(Deployment.class::cast)
        .toList();
  }

  /** Whether gpu-dra's operator renders this state's objects (the others are reported). */
  public static boolean isBuilt(OperandState state) {
    return switch (state) {
      case PRE_REQUISITES, OPERATOR_METRICS, DEVICE_PLUGIN, MPS_CONTROL_DAEMON, DRA_DRIVER -> true;
      default -> NvidiaStates.isBuilt(state);
    };
  }

  /**
   * @return the state's objects; none, with why, for a state not built or one that refuses the
   *     policy (an NVIDIA image that nothing names, a setting not built)
   */
  public static StateObjects of(OperandState state, OperandContext context) {
    try {
      return render(state, context);
    } catch (StateRefusedException e) {
      return new StateObjects(List.of(), Optional.of(e.getMessage()));
    }
  }

  private static StateObjects render(OperandState state, OperandContext context) {
    return switch (state) {
      case PRE_REQUISITES -> built(runtimeClasses(context));
      case OPERATOR_METRICS -> built(OperatorMetricsService.objects(context));
      case DEVICE_PLUGIN ->
          built(concat(OperandRbac.devicePlugin(context), DevicePluginDaemonSet.render(context)));
      case MPS_CONTROL_DAEMON -> built(List.of(MpsControlDaemonSet.render(context)));
      case DRA_DRIVER -> draDriver(context);
      default ->
          NvidiaStates.isBuilt(state)
              ? built(NvidiaStates.objects(state, context))
              : new StateObjects(
                  List.of(),
                  Optional.of(
                      state.stateName()
                          + " runs NVIDIA's own image, which gpu-dra's operator does not deploy yet"
                          + (state.alwaysOn() ? "" : ": disable it in the ClusterPolicy")));
    };
  }

  private static StateObjects draDriver(OperandContext context) {
    boolean domains =
        Optional.ofNullable(context.spec().draDriver().computeDomains())
            .map(DraComputeDomainsSpec::enabledOrDefault)
            .orElse(true);
    EnumSet<DriverKind> drivers = EnumSet.of(DriverKind.GPU);
    if (domains) {
      drivers.add(DriverKind.COMPUTE_DOMAIN);
    }
    List<HasMetadata> objects =
        new ArrayList<>(
            new DeviceClassFactory()
                .deviceClasses(new DeviceClassOptions(drivers, ExtendedResourceMapping.NONE)));
    objects.addAll(OperandRbac.draKubeletPlugin(context));
    objects.addAll(ResourceSlicePolicy.render(context));
    if (domains) {
      objects.addAll(ComputeDomainRbac.of(context));
      objects.add(ComputeDomainControllerDeployment.render(context));
    }
    objects.add(DraKubeletPluginDaemonSet.render(context, DriverValidation.step(context)));
    return built(objects);
  }

  /**
   * NVIDIA's RuntimeClasses: the operator's ({@code nvidia}), {@code nvidia-legacy}, {@code
   * nvidia-cdi}.
   */
  private static List<HasMetadata> runtimeClasses(OperandContext context) {
    String main =
        context.spec().operator() == null || context.spec().operator().runtimeClass() == null
            ? "nvidia"
            : context.spec().operator().runtimeClass();
    return List.of(main, "nvidia-legacy", "nvidia-cdi").stream()
        .distinct()
        .map(name ->
            (HasMetadata)
                new RuntimeClassBuilder()
                    .withNewMetadata()
                    .withName(name)
                    .endMetadata()
                    .withHandler(name)
                    .build())
        .toList();
  }

  private static StateObjects built(List<HasMetadata> objects) {
    return new StateObjects(objects, Optional.empty());
  }

  private static List<HasMetadata> concat(List<HasMetadata> first, HasMetadata last) {
    List<HasMetadata> all = new ArrayList<>(first);
    all.add(last);
    return all;
  }
}
