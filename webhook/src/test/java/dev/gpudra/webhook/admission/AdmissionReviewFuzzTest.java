package dev.gpudra.webhook.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.api.featuregates.FeatureGates;

/**
 * The webhook on arbitrary request bodies: a body that is not an AdmissionReview is refused with a
 * {@link MalformedReviewException}; any other is answered with a verdict the codec can write, a
 * denial always with its message; any other exception is a crash (an HTTP 500 to the API server).
 */
class AdmissionReviewFuzzTest {
  private final ReviewCodec codec = new ReviewCodec();
  private final ClaimAdmission admission =
      new ClaimAdmission(
          new OpaqueConfigValidator(
              FeatureGates.parse(
                  "TimeSlicingSettings=true,MPSSupport=true,PassthroughSupport=true")));

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"admission.k8s.io/v1\"",
    "\"AdmissionReview\"",
    "\"resource.k8s.io\"",
    "\"resourceclaims\"",
    "\"resourceclaimtemplates\"",
    "\"CREATE\"",
    "\"UPDATE\"",
    "\"gpu.nvidia.com\"",
    "\"compute-domain.nvidia.com\"",
    "\"resource.nvidia.com/v1beta1\"",
    "\"GpuConfig\"",
    "\"MigDeviceConfig\"",
    "\"VfioDeviceConfig\"",
    "\"ComputeDomainDaemonConfig\"",
    "\"TimeSlicing\"",
    "\"MPS\"",
    "\"timeSlicingConfig\"",
    "\"mpsConfig\"",
    "\"interval\"",
    "\"iommu\""
  })
  void answersOrRefuses(byte[] body) {
    AdmissionRequest request;
    try {
      request = codec.read(body);
    } catch (MalformedReviewException refused) {
      return;
    }
    Verdict verdict = admission.admit(request);
    assertThat(verdict.allowed() || !verdict.message().isEmpty()).isTrue();
    assertThat(codec.write(request.uid(), verdict)).isNotEmpty();
  }
}
