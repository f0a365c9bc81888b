package dev.gpudra.bench.deviceplugin;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;

/** One Allocate round trip, blocking: to the plugin, or to the floor. */
@FunctionalInterface
interface AllocateCall {
  AllocateResponse allocate(AllocateRequest request);
}
