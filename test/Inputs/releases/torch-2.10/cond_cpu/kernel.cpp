// Triton kernels are embedded as comments in /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/cnj6pyzxps6ybjtikxz7bsgoz67ivx3xlh7wndrstcic7tdb5mfg.wrapper.cpp

#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  cpp_fused_sum_0(const float* in_ptr0,
                       float* out_ptr0)
{
    {
        {
            float tmp_acc0 = 0;
            at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(64L); x0+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(64L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                        tmp_acc0_vec = tmp_acc0_vec + tmp0;
                    }
                }
            }
            tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
            out_ptr0[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
        }
    }
}

#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  cpp_fused_gt_relu_1(float* in_out_ptr0,
                       const float* in_ptr0,
                       bool* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2)
{
    {
        {
            {
                auto tmp0 = in_ptr0[static_cast<int64_t>(0L)];
                auto tmp1 = static_cast<float>(0.0);
                auto tmp2 = tmp0 > tmp1;
                out_ptr0[static_cast<int64_t>(0L)] = tmp2;
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(128L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = at::vec::clamp_min(tmp0, decltype(tmp0)(0));
                    tmp1.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(8L)))
                {
                    auto tmp0 = x0;
                    auto tmp1 = c10::convert<int64_t>(tmp0);
                    auto tmp2 = at::vec::VectorizedN<int64_t,2>::arange(tmp1, 1);
                    auto tmp3 = static_cast<int64_t>(4);
                    auto tmp4 = at::vec::VectorizedN<int64_t,2>(tmp3);
                    auto tmp5 = at::vec::VecMask<int64_t,2>(tmp2 < tmp4);
                    auto tmp6 = static_cast<int64_t>(2);
                    auto tmp7 = at::vec::VectorizedN<int64_t,2>(tmp6);
                    auto tmp8 = at::vec::VecMask<int64_t,2>(tmp2 < tmp7);
                    auto tmp9 = static_cast<int64_t>(1);
                    auto tmp10 = at::vec::VectorizedN<int64_t,2>(tmp9);
                    auto tmp11 = at::vec::VecMask<int64_t,2>(tmp2 < tmp10);
                    auto tmp12 = static_cast<float>(0.07864131778478622);
                    auto tmp13 = static_cast<float>(-0.07556086778640747);
                    auto tmp14 = at::vec::Vectorized<float>(tmp12);
                    auto tmp15 = at::vec::Vectorized<float>(tmp13);
                    auto tmp16 = decltype(tmp14)::blendv(tmp15, tmp14, tmp11.template cast<float,1>());
                    auto tmp17 = static_cast<int64_t>(3);
                    auto tmp18 = at::vec::VectorizedN<int64_t,2>(tmp17);
                    auto tmp19 = at::vec::VecMask<int64_t,2>(tmp2 < tmp18);
                    auto tmp20 = static_cast<float>(0.1409270316362381);
                    auto tmp21 = static_cast<float>(-0.12404070049524307);
                    auto tmp22 = at::vec::Vectorized<float>(tmp20);
                    auto tmp23 = at::vec::Vectorized<float>(tmp21);
                    auto tmp24 = decltype(tmp22)::blendv(tmp23, tmp22, tmp19.template cast<float,1>());
                    auto tmp25 = decltype(tmp16)::blendv(tmp24, tmp16, tmp8.template cast<float,1>());
                    auto tmp26 = static_cast<int64_t>(6);
                    auto tmp27 = at::vec::VectorizedN<int64_t,2>(tmp26);
                    auto tmp28 = at::vec::VecMask<int64_t,2>(tmp2 < tmp27);
                    auto tmp29 = static_cast<int64_t>(5);
                    auto tmp30 = at::vec::VectorizedN<int64_t,2>(tmp29);
                    auto tmp31 = at::vec::VecMask<int64_t,2>(tmp2 < tmp30);
                    auto tmp32 = static_cast<float>(0.0005024325801059604);
                    auto tmp33 = static_cast<float>(0.15890809893608093);
                    auto tmp34 = at::vec::Vectorized<float>(tmp32);
                    auto tmp35 = at::vec::Vectorized<float>(tmp33);
                    auto tmp36 = decltype(tmp34)::blendv(tmp35, tmp34, tmp31.template cast<float,1>());
                    auto tmp37 = static_cast<int64_t>(7);
                    auto tmp38 = at::vec::VectorizedN<int64_t,2>(tmp37);
                    auto tmp39 = at::vec::VecMask<int64_t,2>(tmp2 < tmp38);
                    auto tmp40 = static_cast<float>(0.17578411102294922);
                    auto tmp41 = static_cast<float>(-0.10240006446838379);
                    auto tmp42 = at::vec::Vectorized<float>(tmp40);
                    auto tmp43 = at::vec::Vectorized<float>(tmp41);
                    auto tmp44 = decltype(tmp42)::blendv(tmp43, tmp42, tmp39.template cast<float,1>());
                    auto tmp45 = decltype(tmp36)::blendv(tmp44, tmp36, tmp28.template cast<float,1>());
                    auto tmp46 = decltype(tmp25)::blendv(tmp45, tmp25, tmp5.template cast<float,1>());
                    tmp46.store(out_ptr1 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(8L)))
                {
                    auto tmp0 = x0;
                    auto tmp1 = c10::convert<int64_t>(tmp0);
                    auto tmp2 = at::vec::VectorizedN<int64_t,2>::arange(tmp1, 1);
                    auto tmp3 = static_cast<int64_t>(4);
                    auto tmp4 = at::vec::VectorizedN<int64_t,2>(tmp3);
                    auto tmp5 = at::vec::VecMask<int64_t,2>(tmp2 < tmp4);
                    auto tmp6 = static_cast<int64_t>(2);
                    auto tmp7 = at::vec::VectorizedN<int64_t,2>(tmp6);
                    auto tmp8 = at::vec::VecMask<int64_t,2>(tmp2 < tmp7);
                    auto tmp9 = static_cast<int64_t>(1);
                    auto tmp10 = at::vec::VectorizedN<int64_t,2>(tmp9);
                    auto tmp11 = at::vec::VecMask<int64_t,2>(tmp2 < tmp10);
                    auto tmp12 = static_cast<float>(-0.07383902370929718);
                    auto tmp13 = static_cast<float>(-0.11350245028734207);
                    auto tmp14 = at::vec::Vectorized<float>(tmp12);
                    auto tmp15 = at::vec::Vectorized<float>(tmp13);
                    auto tmp16 = decltype(tmp14)::blendv(tmp15, tmp14, tmp11.template cast<float,1>());
                    auto tmp17 = static_cast<int64_t>(3);
                    auto tmp18 = at::vec::VectorizedN<int64_t,2>(tmp17);
                    auto tmp19 = at::vec::VecMask<int64_t,2>(tmp2 < tmp18);
                    auto tmp20 = static_cast<float>(-0.020720507949590683);
                    auto tmp21 = static_cast<float>(-0.1664493829011917);
                    auto tmp22 = at::vec::Vectorized<float>(tmp20);
                    auto tmp23 = at::vec::Vectorized<float>(tmp21);
                    auto tmp24 = decltype(tmp22)::blendv(tmp23, tmp22, tmp19.template cast<float,1>());
                    auto tmp25 = decltype(tmp16)::blendv(tmp24, tmp16, tmp8.template cast<float,1>());
                    auto tmp26 = static_cast<int64_t>(6);
                    auto tmp27 = at::vec::VectorizedN<int64_t,2>(tmp26);
                    auto tmp28 = at::vec::VecMask<int64_t,2>(tmp2 < tmp27);
                    auto tmp29 = static_cast<int64_t>(5);
                    auto tmp30 = at::vec::VectorizedN<int64_t,2>(tmp29);
                    auto tmp31 = at::vec::VecMask<int64_t,2>(tmp2 < tmp30);
                    auto tmp32 = static_cast<float>(0.06929207593202591);
                    auto tmp33 = static_cast<float>(0.13038843870162964);
                    auto tmp34 = at::vec::Vectorized<float>(tmp32);
                    auto tmp35 = at::vec::Vectorized<float>(tmp33);
                    auto tmp36 = decltype(tmp34)::blendv(tmp35, tmp34, tmp31.template cast<float,1>());
                    auto tmp37 = static_cast<int64_t>(7);
                    auto tmp38 = at::vec::VectorizedN<int64_t,2>(tmp37);
                    auto tmp39 = at::vec::VecMask<int64_t,2>(tmp2 < tmp38);
                    auto tmp40 = static_cast<float>(0.04243645817041397);
                    auto tmp41 = static_cast<float>(-0.017466749995946884);
                    auto tmp42 = at::vec::Vectorized<float>(tmp40);
                    auto tmp43 = at::vec::Vectorized<float>(tmp41);
                    auto tmp44 = decltype(tmp42)::blendv(tmp43, tmp42, tmp39.template cast<float,1>());
                    auto tmp45 = decltype(tmp36)::blendv(tmp44, tmp36, tmp28.template cast<float,1>());
                    auto tmp46 = decltype(tmp25)::blendv(tmp45, tmp25, tmp5.template cast<float,1>());
                    tmp46.store(out_ptr2 + static_cast<int64_t>(x0));
                }
            }
        }
    }
}

#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  cpp_fused_gt_relu_sigmoid_2(float* in_out_ptr0)
{
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(32L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = decltype(tmp0)(1)/(decltype(tmp0)(1) + tmp0.neg().exp());
                    tmp1.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
}

#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  cpp_fused_gt_mul_relu_tanh_3(float* in_out_ptr0)
{
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(32L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = tmp0.tanh();
                    auto tmp2 = static_cast<float>(2.0);
                    auto tmp3 = at::vec::Vectorized<float>(tmp2);
                    auto tmp4 = tmp1 * tmp3;
                    tmp4.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
}

// Compile cmd
// g++ /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/c5keeyw2vxg6h5x3hjn3afwiu45r2k3v43y6h2zeqq5pbwvwurf5.kernel.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/aoti-release-gen/torch-2.10/tmp/torchinductor_root/precompiled_headers/cewe7nasr3urpvcnyfqyank4ijrvddy3uc4pcvt5hzwt7nmyavat.h -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.10/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.10/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -c -o /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/c5keeyw2vxg6h5x3hjn3afwiu45r2k3v43y6h2zeqq5pbwvwurf5.kernel.o
// Link cmd
// g++ /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/cnj6pyzxps6ybjtikxz7bsgoz67ivx3xlh7wndrstcic7tdb5mfg.wrapper.o /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/c5keeyw2vxg6h5x3hjn3afwiu45r2k3v43y6h2zeqq5pbwvwurf5.kernel.o /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/cnj6pyzxps6ybjtikxz7bsgoz67ivx3xlh7wndrstcic7tdb5mfg/c4s2bzykkzoh6phoerwk73uunlwsrucsvkmigpzgwgyuwqebg363.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX2  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/root/.pyenv/versions/3.11.7/include/python3.11 -I/root/.cache/aoti-instrument/gen-venvs/torch-2.10/lib/python3.11/site-packages/torch/include -I/root/.cache/aoti-instrument/gen-venvs/torch-2.10/lib/python3.11/site-packages/torch/include/torch/csrc/api/include   -mavx2 -mfma -mf16c  -o /tmp/aoti-release-gen/torch-2.10/inductor/cdocwntqfdchhfyjvprjtbkuuxvjqpizwfabisjyxs7ays7p4rbj/cnj6pyzxps6ybjtikxz7bsgoz67ivx3xlh7wndrstcic7tdb5mfg.wrapper.so  -ltorch -ltorch_cpu -lgomp  -L/root/.pyenv/versions/3.11.7/lib -L/root/.cache/aoti-instrument/gen-venvs/torch-2.10/lib/python3.11/site-packages/torch/lib 
