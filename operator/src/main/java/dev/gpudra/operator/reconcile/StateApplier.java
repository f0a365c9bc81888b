package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.states.OperandState;
import dev.gpudra.operator.states.Readiness;
import dev.gpudra.operator.states.StateSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every state in NVIDIA's order: an enabled one's objects applied, those it no longer renders
 * deleted, and its DaemonSets' and Deployments' readiness read; a state not built yet reported as
 * not ready with why; a disabled one's objects deleted, except that a stack's state stays while a
 * node still runs it (the DRA plugin outlives the claims it must unprepare, the device plugin the
 * pods it serves).
 */
final class StateApplier {
  private final ObjectApplier applier;
  private final OperatorCaches caches;

  StateApplier(ObjectApplier applier, OperatorCaches caches) {
    this.applier = applier;
    this.caches = caches;
  }

  /**
   * @param leaving the stacks some node still runs on its way off them
   * @return the states that are not ready, by NVIDIA's names (with why, for one not built)
   */
  List<String> apply(
      HasMetadata owner, StateSet set, OperandContext context, Set<NodeStack> leaving) {
    List<String> notReady = new ArrayList<>();
    for (OperandState state : set.states()) {
      boolean enabled = set.enabled(state, context.spec()) || keptFor(state, leaving);
      if (!enabled) {
        if (StateObjects.isBuilt(state)) {
          List<HasMetadata> objects = StateObjects.of(state, context.widest()).objects();
          if (state == OperandState.DRIVER && NvidiaDriverPass.handed(context.spec())) {
            // NVIDIADrivers take over: their pools share the rest, the old pods go one node at a
            // time through the upgrade
            applier.orphan(objects.stream().filter(DaemonSet.class::isInstance).toList());
          } else {
            applier.delete(objects);
          }
        }
        continue;
      }
      Optional<String> refused = set.notBuilt(state);
      if (refused.isPresent()) {
        applier.delete(StateObjects.of(state, context.widest()).objects());
        notReady.add(state.stateName() + " (" + refused.get() + ")");
        continue;
      }
      StateObjects objects = StateObjects.of(state, context.forTeardown());
      if (objects.notBuilt().isPresent()) {
        notReady.add(state.stateName() + " (" + objects.notBuilt().get() + ")");
        continue;
      }
      applier.apply(owner, state.stateName(), objects.objects());
      applier.delete(notRendered(StateObjects.of(state, context.widest()), objects));
      if (!objects.daemonSets().stream().allMatch(this::ready)
          || !objects.deployments().stream().allMatch(this::ready)) {
        notReady.add(state.stateName());
      }
    }
    return notReady;
  }

  /** What the state could have but does not render now (ComputeDomains turned off, say). */
  private static List<HasMetadata> notRendered(StateObjects widest, StateObjects rendered) {
    Set<String> now =
        rendered.objects().stream().map(ObjectApplier::key).collect(Collectors.toSet());
    return widest.objects().stream().filter(o -> !now.contains(ObjectApplier.key(o))).toList();
  }

  private boolean ready(Deployment rendered) {
    String namespace = rendered.getMetadata().getNamespace();
    String name = rendered.getMetadata().getName();
    return Readiness.deploymentReady(
        caches.deployment(namespace, name), caches.pods(namespace, name));
  }

  private boolean ready(DaemonSet rendered) {
    String namespace = rendered.getMetadata().getNamespace();
    String name = rendered.getMetadata().getName();
    Optional<DaemonSet> stored = caches.daemonSet(namespace, name);
    return Readiness.daemonSetReady(
        stored, caches.pods(namespace, name), caches.newestRevision(namespace, name));
  }

  private static boolean keptFor(OperandState state, Set<NodeStack> leaving) {
    return switch (state) {
      case DRA_DRIVER -> leaving.contains(NodeStack.DRA);
      case DEVICE_PLUGIN -> leaving.contains(NodeStack.DEVICE_PLUGIN);
      default -> false;
    };
  }
}
